import { z } from 'zod';
import { AccountLanguage } from './account';
import { HABILITATIONS, ModelType } from './enums';

/** The user board (`/users`, role manage-users on a non-legacy account): a dealer group's own accounts. */
export const MANAGE_USERS_ROLE = 'manage-users';

/** ACTIVE: can sign in; INVITED: has not set a password from the invitation yet; DEACTIVATED: refused everywhere. */
export const BOARD_USER_STATUSES = ['ACTIVE', 'INVITED', 'DEACTIVATED'] as const;
export const BoardUserStatus = z.enum(BOARD_USER_STATUSES);
export type BoardUserStatus = z.infer<typeof BoardUserStatus>;

export const BoardHabilitation = z.enum(HABILITATIONS);

/** The values the cash-buyback option lists (spec section 6: the option is on when the list is not empty). */
export const VEHICLE_IDENTIFICATION_METHODS = ['VIN', 'REGISTRATION'] as const;

/** Every per-user option of spec section 6: switches, and the list of vehicle identification methods. */
export const BoardUserOptions = z.object({
  useVideoLive: z.boolean().optional(),
  useAdminVideo: z.boolean().optional(),
  vehicleIdentificationMethods: z.array(z.enum(VEHICLE_IDENTIFICATION_METHODS)).optional(),
  use2spect: z.boolean().optional(),
  useSendEmail: z.boolean().optional(),
  useSendSms: z.boolean().optional(),
  useDeleteShooting: z.boolean().optional(),
  useResendDMSOnStampotheque: z.boolean().optional(),
  useLicensePlateCover: z.boolean().optional(),
  useCropping: z.boolean().optional(),
  useRestamp: z.boolean().optional(),
});
export type BoardUserOptions = z.infer<typeof BoardUserOptions>;

const name = z.string().trim().min(1).max(100);
/** A role's name (roles are the product's, e.g. `manage-users`). */
export const BoardRole = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{0,49}$/);
const role = BoardRole;

/** What a manager sets on an account: everything but the e-mail, which names the account. */
export const BoardUserRights = z.object({
  givenName: name,
  familyName: name,
  locale: AccountLanguage,
  roles: z.array(role).max(20),
  /** Set by provider administrators only; anyone else must send the account's own unchanged. */
  habilitations: z.array(BoardHabilitation),
  models: z.array(ModelType),
  options: BoardUserOptions,
  /** Stocks of the group the manager reaches; stocks of the account the manager does not reach stay. */
  ownerIds: z.array(z.string().min(1)).max(500),
});
export type BoardUserRights = z.infer<typeof BoardUserRights>;

/** `POST /api/user-board/users`: invites someone by e-mail. */
export const BoardUserInvite = BoardUserRights.extend({ email: z.email().max(254) });
export type BoardUserInvite = z.infer<typeof BoardUserInvite>;

/** `PUT /api/user-board/users/{id}` */
export const BoardUserUpdate = BoardUserRights;
export type BoardUserUpdate = z.infer<typeof BoardUserUpdate>;

export const BoardUserSummary = z.object({
  id: z.string(),
  email: z.string(),
  givenName: z.string(),
  familyName: z.string(),
  roles: z.array(z.string()),
  habilitations: z.array(z.string()),
  status: BoardUserStatus,
  /** EXTERNAL: the e-mail's domain signs in with the group's own identity provider (IDENTITY_PROVIDERS). */
  signIn: z.enum(['EMBEDDED', 'EXTERNAL']),
});
export type BoardUserSummary = z.infer<typeof BoardUserSummary>;

/** `GET /api/user-board/users/{id}` */
export const BoardUser = BoardUserSummary.extend({
  locale: z.string(),
  models: z.array(z.string()),
  options: BoardUserOptions,
  ownerIds: z.array(z.string()),
  createdAt: z.string(),
  /** When the pending invitation link stops working (INVITED only). */
  invitationExpiresAt: z.string().nullable(),
});
export type BoardUser = z.infer<typeof BoardUser>;

/**
 * `?group=` on every board call: the dealer group it works on, the caller's own when left out. Only a provider
 * administrator may name another group; for anyone else another group answers 404.
 */
export const BoardGroupQuery = z.object({ group: z.string().trim().min(1).max(100).optional() });
export type BoardGroupQuery = z.infer<typeof BoardGroupQuery>;

/** `GET /api/user-board/users?q=&page=&pageSize=&group=`: sorted by family name then given name. */
export const BoardUsersQuery = BoardGroupQuery.extend({
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(0).max(10_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type BoardUsersQuery = z.infer<typeof BoardUsersQuery>;
export const BoardUsersPage = z.object({
  /** The dealer group listed. */
  group: z.object({ id: z.string(), name: z.string() }),
  items: z.array(BoardUserSummary),
  total: z.number().int(),
});
export type BoardUsersPage = z.infer<typeof BoardUsersPage>;

/** `GET /api/user-board/grants`: what the caller may give (what they hold themselves), for the forms. */
export const BoardGrants = z.object({
  roles: z.array(z.string()),
  habilitations: z.array(z.string()),
  /** Whether the caller may change habilitations (provider administrators only). */
  setsHabilitations: z.boolean(),
  models: z.array(z.string()),
  options: BoardUserOptions,
  stocks: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type BoardGrants = z.infer<typeof BoardGrants>;

/** A right a manager tried to give without holding it (the details of a FORBIDDEN answer). */
export const Escalation = z.object({
  field: z.enum(['roles', 'habilitations', 'models', 'options', 'ownerIds', 'account']),
  value: z.string(),
});
export type Escalation = z.infer<typeof Escalation>;

/** `GET /api/invitations/{token}` (public): whom the link invites. */
export const InvitationInfo = z.object({ email: z.string(), givenName: z.string(), expiresAt: z.string() });
export type InvitationInfo = z.infer<typeof InvitationInfo>;

export const PASSWORD_MIN_LENGTH = 10;
/** `POST /api/invitations/{token}` (public): the invitee's password on the embedded provider. */
export const InvitationAccept = z.object({ password: z.string().min(PASSWORD_MIN_LENGTH).max(200) });
export type InvitationAccept = z.infer<typeof InvitationAccept>;
export const InvitationAccepted = z.object({ email: z.string() });

/** The largest import file, in characters. */
export const USER_IMPORT_MAX_CHARS = 5_000_000;
/** `POST /api/user-board/import?dryRun=true|false`: the CSV file's text. */
export const UserImportBody = z.object({ csv: z.string().max(USER_IMPORT_MAX_CHARS) });
export type UserImportBody = z.infer<typeof UserImportBody>;

export const UserImportQuery = BoardGroupQuery.extend({
  dryRun: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});
/** Why a line is refused; the portal translates each. */
export const IMPORT_REASONS = [
  'required',
  'invalidEmail',
  'duplicateEmail',
  'otherGroup',
  'unknownValue',
  'notGranted',
  'tooLong',
  'unknownColumn',
  'missingColumn',
  'badQuotes',
  'empty',
  'tooManyLines',
] as const;
export const ImportReason = z.enum(IMPORT_REASONS);
export type ImportReason = z.infer<typeof ImportReason>;
export const ImportLineError = z.object({
  /** The file's line number, the header being line 1. */
  line: z.number().int(),
  field: z.string(),
  reason: ImportReason,
  value: z.string().optional(),
});
export type ImportLineError = z.infer<typeof ImportLineError>;
export const ImportLineChange = z.object({
  line: z.number().int(),
  email: z.string(),
  action: z.enum(['CREATE', 'UPDATE', 'UNCHANGED']),
  /** The fields that change, for an update. */
  fields: z.array(z.string()),
});
export type ImportLineChange = z.infer<typeof ImportLineChange>;
export const UserImportResult = z.object({
  dryRun: z.boolean(),
  /** Whether the file was written: only when it was not a dry run and every line is valid. */
  applied: z.boolean(),
  changes: z.array(ImportLineChange),
  errors: z.array(ImportLineError),
});
export type UserImportResult = z.infer<typeof UserImportResult>;
/** The columns of the import file; lists inside a cell are separated by `;`. */
export const USER_IMPORT_COLUMNS = [
  'email',
  'givenName',
  'familyName',
  'locale',
  'roles',
  'models',
  'options',
  'vehicleIdentificationMethods',
  'stocks',
] as const;
export const USER_IMPORT_MAX_LINES = 10_000;
