import {
  AccountLanguage,
  HABILITATIONS,
  MODEL_TYPES,
  SETUP_PASSWORD_MIN_LENGTH,
  USER_OPTION_NAMES,
} from '@forecourt/contracts';
import { z } from 'zod';
import type { Adapters } from '../../platform/adapters';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { recordAudit, type AuditContext } from '../audit/audit.service';
import { hashPassword } from '../identity/password';
import { requireFreeGroupName } from '../settings/groups.service';
import { groupStockIds } from '../settings/stocks.service';
import { createAccount } from '../users/account-creation.service';
import {
  findGroupById,
  findGroupsByName,
  findUserByEmail,
  insertGroup,
  listUserRows,
  setPasswordHash,
} from './accounts.repo';
import type { Executor } from '../../platform/db/database';

type Deps = Pick<Adapters, 'db' | 'clock' | 'ids' | 'config'>;

export const NewGroup = z.object({
  name: z.string().trim().min(1).max(120),
  /** A chosen id (PROVIDER_GROUP_ID, a script's own); a random one otherwise. */
  id: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, 'may hold letters, digits, - and _ only')
    .optional(),
});
export type NewGroup = z.infer<typeof NewGroup>;

/** The per-user switches (every option but the list of vehicle identification methods). */
export const OPTION_SWITCHES: readonly string[] = USER_OPTION_NAMES.filter((n) => n !== 'vehicleIdentificationMethods');

const role = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{0,49}$/, 'is not a role name (lower case, digits and -)');

/** An account as the first run and the admin command create it. */
export const NewAccount = z.object({
  email: z
    .email()
    .max(254)
    .transform((e) => e.toLowerCase()),
  givenName: z.string().trim().min(1).max(100),
  familyName: z.string().trim().min(1).max(100),
  locale: AccountLanguage.default('en'),
  groupId: z.string().trim().min(1),
  habilitations: z.array(z.enum(HABILITATIONS)).default([]),
  roles: z.array(role).max(20).default([]),
  models: z.array(z.enum(MODEL_TYPES)).default([]),
  /** Switches turned on; the others are off. */
  options: z.array(z.string().refine((n) => OPTION_SWITCHES.includes(n), 'is not an option switch')).default([]),
  vehicleIdentificationMethods: z.array(z.enum(['VIN', 'REGISTRATION'])).default([]),
  ownerIds: z.array(z.string().min(1)).max(500).default([]),
  /** Required on the embedded provider; refused for a domain of an external provider. */
  password: z.string().min(SETUP_PASSWORD_MIN_LENGTH).max(200).optional(),
});
export type NewAccount = z.input<typeof NewAccount>;

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/** Whether the e-mail's domain signs in with an external identity provider (IDENTITY_PROVIDERS). */
export const isExternalEmail = (deps: Pick<Adapters, 'config'>, email: string): boolean =>
  deps.config.IDENTITY_PROVIDERS.has(domainOf(email));

/** The domains of IDENTITY_PROVIDERS, for a form to say which addresses need no password. */
export const externalDomains = (deps: Pick<Adapters, 'config'>): string[] =>
  [...deps.config.IDENTITY_PROVIDERS.keys()].sort();

const inTransaction = <T>(deps: Pick<Adapters, 'db'>, trx: Executor | undefined, fn: (trx: Executor) => Promise<T>) =>
  trx ? fn(trx) : deps.db.transaction().execute(fn);

/** A dealer group by id, or by its exact name when that names one group only. */
export async function resolveGroup(
  deps: Pick<Adapters, 'db'>,
  idOrName: string,
): Promise<{ id: string; name: string }> {
  const byId = await findGroupById(deps.db, idOrName);
  if (byId) return byId;
  const byName = await findGroupsByName(deps.db, idOrName);
  if (byName.length === 1) return byName[0]!;
  if (byName.length > 1) throw badRequest(`Several dealer groups are named "${idOrName}": give the group's id`);
  throw notFound(`Dealer group "${idOrName}"`);
}

/** Creates a dealer group and audits it (action `group.create`). */
export async function createGroup(
  deps: Deps,
  ctx: AuditContext,
  input: z.input<typeof NewGroup>,
  trx?: Executor,
): Promise<{ id: string; name: string }> {
  const group = NewGroup.parse(input);
  const id = group.id ?? deps.ids.uuid();
  return inTransaction(deps, trx, async (tx) => {
    if (await findGroupById(tx, id)) throw new AppError('CONFLICT', `A dealer group with the id ${id} exists already`);
    await requireFreeGroupName(tx, group.name);
    await insertGroup(tx, { id, name: group.name, createdAt: deps.clock.now().toISOString() });
    await recordAudit(
      deps,
      { ...ctx, groupId: id, action: 'group.create', target: { type: 'group', id }, after: { name: group.name } },
      tx,
    );
    return { id, name: group.name };
  });
}

/**
 * Creates an account in an existing group, with its rights, and audits it (action `user.create`, without
 * the password). An embedded account needs a password; an external domain's account waits for its first
 * sign-in at its provider.
 */
export async function createUser(
  deps: Deps,
  ctx: AuditContext,
  input: NewAccount,
  trx?: Executor,
): Promise<{ id: string; email: string; signIn: 'EMBEDDED' | 'EXTERNAL' }> {
  const account = NewAccount.parse(input);
  const external = isExternalEmail(deps, account.email);
  if (external && account.password)
    throw badRequest(
      `Accounts of ${domainOf(account.email)} sign in with their own identity provider: no password is kept`,
      {
        field: 'password',
      },
    );
  if (!external && !account.password)
    throw badRequest(`A password of at least ${SETUP_PASSWORD_MIN_LENGTH} characters is required`, {
      field: 'password',
    });
  const passwordHash = account.password ? await hashPassword(account.password) : null;
  const id = deps.ids.uuid();
  const options: Record<string, unknown> = Object.fromEntries(
    OPTION_SWITCHES.map((n) => [n, account.options.includes(n)]),
  );
  options.vehicleIdentificationMethods = account.vehicleIdentificationMethods;
  return inTransaction(deps, trx, async (tx) => {
    const group = await findGroupById(tx, account.groupId);
    if (!group) throw notFound(`Dealer group "${account.groupId}"`);
    if (await findUserByEmail(tx, account.email))
      throw new AppError('CONFLICT', `An account with the e-mail ${account.email} exists already`, { field: 'email' });
    const owners = [...new Set(account.ownerIds)];
    const known = await groupStockIds(tx, group.id, owners);
    const foreign = owners.filter((o) => !known.includes(o));
    if (foreign.length)
      throw badRequest(`Not stocks of the group ${group.id}: ${foreign.join(', ')}`, { field: 'ownerIds' });
    const rights = {
      givenName: account.givenName,
      familyName: account.familyName,
      locale: account.locale,
      habilitations: account.habilitations,
      roles: account.roles,
      models: account.models,
      options,
      ownerIds: owners.sort(),
    };
    await createAccount(
      deps,
      tx,
      { id, email: account.email, groupId: group.id, passwordHash, rights },
      { ...ctx, action: 'user.create', extra: { signIn: external ? 'EXTERNAL' : 'EMBEDDED' } },
    );
    return { id, email: account.email, signIn: external ? 'EXTERNAL' : 'EMBEDDED' };
  });
}

/** Refuses a password for an address whose domain signs in with an external provider. */
export function refuseExternalPassword(deps: Pick<Adapters, 'config'>, email: string): void {
  if (isExternalEmail(deps, email))
    throw badRequest(`Accounts of ${domainOf(email)} sign in with their own identity provider: set the password there`);
}

/** Sets a new password on an embedded account and audits it (action `user.reset-password`, no secret kept). */
export async function resetPassword(
  deps: Deps,
  ctx: AuditContext,
  input: { email: string; password: string },
): Promise<{ id: string }> {
  const email = input.email.trim().toLowerCase();
  refuseExternalPassword(deps, email);
  if (input.password.length < SETUP_PASSWORD_MIN_LENGTH)
    throw badRequest(`A password of at least ${SETUP_PASSWORD_MIN_LENGTH} characters is required`, {
      field: 'password',
    });
  const hash = await hashPassword(input.password);
  return deps.db.transaction().execute(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user) throw notFound(`Account ${email}`);
    await setPasswordHash(tx, user.id, hash);
    await recordAudit(
      deps,
      { ...ctx, groupId: user.groupId, action: 'user.reset-password', target: { type: 'user', id: user.id } },
      tx,
    );
    return { id: user.id };
  });
}

export interface AccountSummary {
  id: string;
  email: string;
  name: string;
  groupId: string;
  habilitations: string[];
  roles: string[];
  signIn: 'EMBEDDED' | 'EXTERNAL' | 'NONE';
}

/** Every account, or one group's, by group then e-mail. */
export async function listUsers(deps: Pick<Adapters, 'db' | 'config'>, groupId?: string): Promise<AccountSummary[]> {
  const rows = await listUserRows(deps.db, groupId);
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    name: `${r.givenName} ${r.familyName}`.trim(),
    groupId: r.groupId,
    habilitations: JSON.parse(r.habilitations) as string[],
    roles: JSON.parse(r.roles) as string[],
    signIn: isExternalEmail(deps, r.email) ? 'EXTERNAL' : Number(r.hasPassword) ? 'EMBEDDED' : 'NONE',
  }));
}
