import { pickOrderGallery, shootingTypeFromPath } from '@forecourt/contracts';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { useSnackbar } from '../../components/snackbar';
import { EditingWorkflow } from '../editing/editing-workflow';
import { InspectionPanel } from '../inspection/inspection-panel';
import { useEditMode } from '../editing/use-edit-mode';
import { VerificationWarnings } from '../editing/verification-warnings';
import { useUserAccess } from '../../access/user-access';
import { DetailsCard } from './details-card';
import { isNotSynchronised } from './detail-rules';
import { PipelineFailure } from './pipeline-failure';
import { fetchShooting } from './shooting-detail-api';
import { ShootingMedia } from './shooting-media';
import { ShootingOptions } from './shooting-options';
import { shootingDetailKeys } from './shooting-detail-keys';
import { MarketplaceReadiness } from '../marketplaces/marketplace-readiness';
import { EngagementPanel } from '../engagement/engagement-panel';

/** While processing or sending to the DMS, the page polls so that the state moves without a reload. */
const REFRESH_MS = 4000;

/** The detail page of the four routes; the type comes from the last path segment (spec section 2). */
export function ShootingDetailPage() {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const type = shootingTypeFromPath(pathname);
  const { ownerId = '', productId = '', shootingId = '' } = useParams();
  const access = useUserAccess();
  const edit = useEditMode();
  const detail = useQuery({
    queryKey: shootingDetailKeys.detail({ ownerId, productId, shootingId }),
    queryFn: () => fetchShooting({ ownerId, productId, shootingId }),
    refetchInterval: (q) =>
      q.state.data && (q.state.data.remarketingShootingStatus !== 'FINISHED' || q.state.data.dmsStatus === 'PENDING')
        ? REFRESH_MS
        : false,
  });

  useEffect(() => {
    if (detail.isError) snackbar.show('api.getShootingError');
  }, [detail.isError, detail.errorUpdatedAt, snackbar]);

  const s = detail.isError ? undefined : detail.data;
  return (
    <Container maxWidth="xl" sx={{ py: 3 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
        <IconButton aria-label={t('common.back')} onClick={() => void navigate('/shootings')}>
          <ArrowBackIcon />
        </IconButton>
        <Typography variant="h5" component="h1">
          {t(`shootingDetail.title.${type}`, { registration: s?.registration ?? '' })}
        </Typography>
      </Stack>
      {detail.isPending ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label={t('common.loading')} />
        </Box>
      ) : s ? (
        <Stack spacing={2}>
          {isNotSynchronised(s, type) ? <Alert severity="warning">{t('shootingDetail.notSynchronised')}</Alert> : null}
          <PipelineFailure
            shooting={{ ownerId, productId, shootingId }}
            active={s.remarketingShootingStatus !== 'FINISHED'}
          />
          {type === 'STANDARD' ? <VerificationWarnings shootingId={s.id} images={s.images} /> : null}
          <EditingWorkflow shooting={s} submission={edit.submission} />
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 3 }}>
              <DetailsCard shooting={s} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }} component="section" aria-label={t('shootingDetail.media')}>
              <ShootingMedia
                shooting={s}
                type={type}
                selection={{ selectable: edit.isEditMode, selected: edit.selectedImages, onToggle: edit.toggle }}
              />
              {type === 'INSPECTION' || type === 'INSPECTION_REPAIR_ORDER' ? (
                <Box sx={{ mt: 2 }}>
                  <InspectionPanel
                    shooting={{ ownerId: s.ownerId, productId: s.productId, shootingId: s.id }}
                    pictures={pickOrderGallery(s.images)}
                  />
                </Box>
              ) : null}
            </Grid>
            {/* Wide enough for the longest action label on one line ("Delete the shooting" and its icon). */}
            <Grid size={{ xs: 12, md: 3 }}>
              <ShootingOptions shooting={s} type={type} access={access.data} edit={edit} />
            </Grid>
          </Grid>
          {type === 'STANDARD' ? (
            <MarketplaceReadiness shootingId={s.id} pictures={pickOrderGallery(s.images)} />
          ) : null}
          <EngagementPanel
            source={{ kind: 'shooting', ownerId: s.ownerId, productId: s.productId, shootingId: s.id }}
          />
        </Stack>
      ) : null}
    </Container>
  );
}
