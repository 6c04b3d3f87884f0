import Alert from '@mui/material/Alert';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ShootingImage } from '@forecourt/contracts';
import { fetchVerifications } from './editing-api';
import { editingKeys } from './editing-keys';
import { pictureNumber } from './edit-results';

/**
 * The quality-control warnings of the shooting's edited pictures, one line per picture and version,
 * numbered as the gallery and the results dialog number the pictures (Picture 1 is the first).
 */
export function VerificationWarnings({ shootingId, images }: { shootingId: string; images: ShootingImage[] }) {
  const { t } = useTranslation();
  const verifications = useQuery({
    queryKey: editingKeys.verifications(shootingId),
    queryFn: () => fetchVerifications(shootingId),
  });
  const flagged = verifications.data?.verifications.filter((v) => v.warnings.length > 0) ?? [];
  if (flagged.length === 0) return null;
  return (
    <Alert severity="warning" data-testid="quality-warnings">
      {flagged.map((v) => (
        <div key={v.imageId}>
          {t('editing.quality.line', {
            order: pictureNumber(images, v.position),
            imageType: t(`shootingDetail.imageTypes.${v.imageType}`),
            warnings: v.warnings.map((w) => t(`editing.quality.${w}`)).join(', '),
          })}
        </div>
      ))}
    </Alert>
  );
}
