import type { ReportKind } from '@forecourt/contracts';
import type { ShootingKey } from '../../lib/shooting-key';

/** Query keys of the reports: one per kind, shooting and language. */
export const reportsKeys = {
  report: (kind: ReportKind, k: ShootingKey, locale: string) =>
    ['report', kind, k.ownerId, k.productId, k.shootingId, locale] as const,
};
