import Alert from '@mui/material/Alert';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchVerifications } from './editing-api';
import { editingKeys } from './editing-keys';

/** The quality-control warnings of the shooting's edited pictures, one line per picture and version. */
export function VerificationWarnings({ shootingId }: { shootingId: string }) {
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
            order: v.position,
            imageType: t(`shootingDetail.imageTypes.${v.imageType}`),
            warnings: v.warnings.map((w) => t(`editing.quality.${w}`)).join(', '),
          })}
        </div>
      ))}
    </Alert>
  );
}
