import { z } from 'zod';
import { IsoDay } from './iso-day';

/** An action as `<subject>.<verb>` in lower case (`user.create`, `group.rename`, `setup.complete`). */
export const AuditAction = z
  .string()
  .regex(/^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)+$/, 'must read like user.create')
  .max(80);
export type AuditAction = z.infer<typeof AuditAction>;

/** One administrative change as the audit screen and its export show it. */
export const AuditEntry = z.object({
  id: z.string(),
  at: z.string(),
  actorId: z.string().nullable(),
  /** Who acted, as they were named then (an e-mail, or `cli` for the admin command). */
  actorLabel: z.string(),
  groupId: z.string().nullable(),
  /** The group's name today, so that a provider administrator reads which dealer it was. */
  groupName: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  clientAddress: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AUDIT_PAGE_MAX = 500;

/** The filters of the audit screen, shared by the list and the CSV export. Days are UTC and inclusive. */
export const AuditFilters = z.object({
  action: z.string().trim().min(1).max(80).optional(),
  /** An actor's user id, or part of their label (case-insensitive). */
  actor: z.string().trim().min(1).max(254).optional(),
  targetType: z.string().trim().min(1).max(80).optional(),
  targetId: z.string().trim().min(1).max(200).optional(),
  from: IsoDay.optional(),
  to: IsoDay.optional(),
  /** Provider administrators only: one group's entries. A group's managers always read their own group. */
  groupId: z.string().trim().min(1).max(200).optional(),
});
export type AuditFilters = z.infer<typeof AuditFilters>;

export const AuditQuery = AuditFilters.extend({
  /** The `nextCursor` of the previous page. */
  cursor: z.string().max(400).optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(100),
});
export type AuditQuery = z.infer<typeof AuditQuery>;

export const AuditListResponse = z.object({
  items: z.array(AuditEntry),
  /** Pass back as `cursor` for the next, older page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type AuditListResponse = z.infer<typeof AuditListResponse>;

/** The columns of the CSV export, in order. */
export const AUDIT_CSV_COLUMNS = [
  'at',
  'actorId',
  'actorLabel',
  'groupId',
  'action',
  'targetType',
  'targetId',
  'before',
  'after',
  'clientAddress',
] as const;
