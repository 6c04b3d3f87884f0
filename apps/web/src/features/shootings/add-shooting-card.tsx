import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export function AddShootingCard() {
  const { t } = useTranslation();
  return (
    <Card sx={{ height: '100%', minHeight: 200 }} variant="outlined">
      <CardActionArea component={Link} to="/shootings/create" sx={{ height: '100%' }}>
        <Stack spacing={1} sx={{ alignItems: 'center', justifyContent: 'center', height: '100%', p: 2 }}>
          <AddPhotoAlternateIcon sx={{ fontSize: 56 }} color="primary" />
          <Typography variant="subtitle1">{t('shootings.addShooting')}</Typography>
        </Stack>
      </CardActionArea>
    </Card>
  );
}
