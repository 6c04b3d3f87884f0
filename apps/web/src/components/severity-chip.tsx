import type { DamageSeverity, HealthRating } from '@forecourt/contracts';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

const SEVERITY_COLOUR = { MINOR: 'info', MODERATE: 'warning', SEVERE: 'error' } as const;
const RATING_COLOUR = { RED: 'error', AMBER: 'warning', GREEN: 'success' } as const;

export function SeverityChip({ severity }: { severity: DamageSeverity }) {
  const { t } = useTranslation();
  return <Chip size="small" color={SEVERITY_COLOUR[severity]} label={t(`inspection.severity.${severity}`)} />;
}

export function RatingChip({ rating }: { rating: HealthRating }) {
  const { t } = useTranslation();
  return <Chip size="small" color={RATING_COLOUR[rating]} label={t(`inspection.rating.${rating}`)} />;
}
