import type { ReportKind, ShootingType } from '@forecourt/contracts';
import { ReportButton } from './report-button';
import type { ShootingKey } from '../../lib/shooting-key';

/**
 * The report buttons of an inspection detail page: the damages report, the VHC report for repair orders
 * and the trade-in offer for users with trade-in access (use2spect).
 */
export function ReportButtons({
  type,
  shooting,
  tradeIn,
  compact,
}: {
  type: ShootingType;
  shooting: ShootingKey;
  tradeIn: boolean;
  compact: boolean;
}) {
  if (type !== 'INSPECTION' && type !== 'INSPECTION_REPAIR_ORDER') return null;
  const kinds: ReportKind[] = [
    'DAMAGES',
    ...(type === 'INSPECTION_REPAIR_ORDER' ? (['VHC'] as const) : []),
    ...(tradeIn ? (['TRADE_IN'] as const) : []),
  ];
  return (
    <>
      {kinds.map((kind) => (
        <ReportButton key={kind} kind={kind} shooting={shooting} compact={compact} />
      ))}
    </>
  );
}
