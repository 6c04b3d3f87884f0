import { shootingDetailRoute, vehicleRoute, type ShootingListItem } from '@forecourt/contracts';
import DirectionsCarIcon from '@mui/icons-material/DirectionsCar';
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import PlayCircleOutlineIcon from '@mui/icons-material/PlayCircleOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Button from '@mui/material/Button';
import CardActionArea from '@mui/material/CardActionArea';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CardMedia from '@mui/material/CardMedia';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { StatusLabel } from '../../components/status-label';
import { ShootingTypeIcon, TYPE_LABEL_KEYS } from '../../components/shooting-type-icon';

const MEDIA_HEIGHT = 150;

/** One card of the list with every field of spec section 2. */
export function ShootingCard({ shooting }: { shooting: ShootingListItem }) {
  const { t } = useTranslation();
  const s = shooting;
  return (
    <Card sx={{ height: '100%', display: 'flex', flexDirection: 'column' }} data-testid="shooting-card">
      <CardActionArea component={Link} to={shootingDetailRoute(s)} sx={{ flex: 1, alignItems: 'stretch' }}>
        {s.shootingType === 'VIDEO' || !s.image ? (
          <Box sx={{ height: MEDIA_HEIGHT, display: 'grid', placeItems: 'center', bgcolor: 'action.hover' }}>
            {s.shootingType === 'VIDEO' ? (
              <PlayCircleOutlineIcon sx={{ fontSize: 64 }} color="action" aria-label={t('shootings.card.video')} />
            ) : (
              <ShootingTypeIcon type={s.shootingType} sx={{ fontSize: 48 }} color="disabled" />
            )}
          </Box>
        ) : (
          <CardMedia
            component="img"
            height={MEDIA_HEIGHT}
            image={s.image}
            alt={s.registration}
            loading="lazy"
            sx={{ objectFit: 'cover' }}
          />
        )}
        <CardContent>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
            <Tooltip title={t(TYPE_LABEL_KEYS[s.shootingType])} enterDelay={500}>
              <ShootingTypeIcon
                type={s.shootingType}
                fontSize="small"
                color="primary"
                data-testid={`type-${s.shootingType}`}
              />
            </Tooltip>
            <Stack
              direction="row"
              spacing={0.5}
              sx={{ alignItems: 'center' }}
              aria-label={t('shootings.card.photoCount', { count: s.numberOfPictures })}
            >
              <PhotoLibraryIcon fontSize="small" color="action" />
              <Typography variant="body2" data-testid="photo-count">
                {s.numberOfPictures}
              </Typography>
            </Stack>
            <Box sx={{ flex: 1 }} />
            <StatusLabel status={s.remarketingShootingStatus} />
          </Stack>
          <Typography variant="h6" component="h2" data-testid="card-registration">
            {s.registration}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="card-date">
            {dayjs(s.created).format('DD/MM/YYYY')}
          </Typography>
          <Typography variant="body2">{s.stamps.map((st) => st.name).join(', ') || '—'}</Typography>
          <Typography variant="body2">{s.productModel ?? '—'}</Typography>
          <Typography variant="body2" color="text.secondary">
            {s.ownerName}
          </Typography>
        </CardContent>
      </CardActionArea>
      {/* Beside the card's own link, not inside it: the vehicle's page with all its shootings. */}
      <CardActions sx={{ pt: 0 }}>
        <Button
          component={Link}
          to={vehicleRoute(s.registration)}
          size="small"
          startIcon={<DirectionsCarIcon />}
          aria-label={t('vehicle.openLabel', { registration: s.registration })}
        >
          {t('vehicle.open')}
        </Button>
      </CardActions>
    </Card>
  );
}
