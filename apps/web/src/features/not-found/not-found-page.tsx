import { Box, Button, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** /404: shows 404 and a way back to the start. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Box sx={{ textAlign: 'center', py: 10 }}>
      <Typography variant="h1" component="h1" sx={{ fontWeight: 700 }}>
        404
      </Typography>
      <Typography sx={{ mb: 3 }}>{t('notFound.message')}</Typography>
      <Button component={Link} to="/" variant="contained">
        {t('notFound.back')}
      </Button>
    </Box>
  );
}
