import { REMARKETING_STATUSES, type RemarketingStatus } from '@forecourt/contracts';
import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<RemarketingStatus, ChipProps['color']> = {
  UPLOADING: 'info',
  AI_PROCESSING: 'secondary',
  QUALITY_CONTROL: 'warning',
  PUBLISHING: 'primary',
  FINISHED: 'success',
};

const isKnown = (s: string): s is RemarketingStatus => (REMARKETING_STATUSES as readonly string[]).includes(s);

/** The remarketing status in its own style; an unknown value is shown raw (spec section 4). */
export function StatusLabel({ status }: { status: string }) {
  const { t } = useTranslation();
  if (!isKnown(status)) return <Chip size="small" variant="outlined" label={status} data-testid="status-label" />;
  return (
    <Chip size="small" color={COLOURS[status]} label={t(`shootings.status.${status}`)} data-testid="status-label" />
  );
}
