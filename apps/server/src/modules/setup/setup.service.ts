import { MODEL_TYPES, type SetupRequest, type SetupResult, type SetupStatus } from '@forecourt/contracts';
import type { Adapters } from '../../platform/adapters';
import { AppError, notFound } from '../../platform/errors';
import { RateLimiter } from '../../platform/rate-limit';
import type { AuditContext } from '../audit/audit.service';
import { createGroup, createUser, externalDomains, OPTION_SWITCHES } from './accounts.service';
import { newSetupCode, setupCodeHash } from './setup-code';
import { insertSetupCode, providerAdministratorExists, setupCodeExists, takeSetupCodes } from './setup.repo';

type Deps = Pick<Adapters, 'db' | 'clock' | 'ids' | 'config'>;

/** The audit actor of the first run: nobody is signed in yet. */
export const SETUP_ACTOR_LABEL = 'setup';

/** Code attempts a client address may make, and all addresses together, per window. */
export const SETUP_ATTEMPTS = { perAddress: 10, overall: 100, windowMs: 15 * 60_000 };

export interface SetupLimits {
  perAddress: RateLimiter;
  overall: RateLimiter;
}

export const setupLimits = (deps: Pick<Adapters, 'db' | 'clock'>): SetupLimits => ({
  perAddress: new RateLimiter(deps.db, deps.clock, 'setup-code', SETUP_ATTEMPTS.perAddress, SETUP_ATTEMPTS.windowMs),
  overall: new RateLimiter(deps.db, deps.clock, 'setup-code-all', SETUP_ATTEMPTS.overall, SETUP_ATTEMPTS.windowMs),
});

/** Whether the first run is still to do: no account holds the provider-administrator habilitation. */
export const setupRequired = async (deps: Pick<Adapters, 'db'>): Promise<boolean> =>
  !(await providerAdministratorExists(deps.db));

/**
 * At start: a fresh one-time code when the first run is still to do, for the process to print; null once
 * set up. Each process that starts adds its own code, so any printed code works until the setup is done.
 */
export async function openSetup(deps: Pick<Adapters, 'db' | 'clock'>): Promise<string | null> {
  if (!(await setupRequired(deps))) return null;
  const code = newSetupCode();
  await insertSetupCode(deps.db, setupCodeHash(code), deps.clock.now().toISOString());
  return code;
}

/** The line the server prints with the code. */
export const setupCodeLine = (code: string, publicUrl: string): string =>
  `Forecourt has no provider administrator yet: open ${publicUrl}/setup and enter the one-time setup code ${code}`;

/** `GET /api/setup`: 404 once set up, as if the page had never existed. */
export async function setupStatus(deps: Deps): Promise<SetupStatus> {
  if (!(await setupRequired(deps))) throw notFound('Setup');
  return { externalDomains: externalDomains(deps) };
}

async function countAttempt(limits: SetupLimits, clientAddress: string | null): Promise<void> {
  const allowed = (await limits.perAddress.take(clientAddress ?? 'unknown')) && (await limits.overall.take('all'));
  if (!allowed) throw new AppError('RATE_LIMITED', 'Too many setup code attempts: wait a quarter of an hour');
}

const wrongCode = () => new AppError('FORBIDDEN', 'This is not the setup code the server printed', { field: 'code' });

/** Checks a code (counted against the attempt limits) so that the form asks for the rest only after a right one. */
export async function checkSetupCode(
  deps: Deps & { limits: SetupLimits },
  code: string,
  clientAddress: string | null,
): Promise<void> {
  if (!(await setupRequired(deps))) throw notFound('Setup');
  await countAttempt(deps.limits, clientAddress);
  if (!(await setupCodeExists(deps.db, setupCodeHash(code)))) throw wrongCode();
}

/**
 * The first run: the service provider's own dealer group and its first provider administrator (every
 * model and option, role manage-users), in one transaction that also removes every setup code. Audited as
 * `group.create` and `user.create` by the actor `setup`.
 */
export async function completeSetup(
  deps: Deps & { limits: SetupLimits },
  input: SetupRequest,
  clientAddress: string | null,
): Promise<SetupResult> {
  if (!(await setupRequired(deps))) throw notFound('Setup');
  await countAttempt(deps.limits, clientAddress);
  const ctx: AuditContext = { actor: { id: null, label: SETUP_ACTOR_LABEL }, clientAddress };
  return deps.db.transaction().execute(async (trx) => {
    if (!(await takeSetupCodes(trx, setupCodeHash(input.code)))) throw wrongCode();
    if (await providerAdministratorExists(trx)) throw notFound('Setup');
    const group = await createGroup(deps, ctx, { name: input.groupName, id: deps.config.PROVIDER_GROUP_ID }, trx);
    const user = await createUser(
      deps,
      ctx,
      {
        email: input.email,
        givenName: input.givenName,
        familyName: input.familyName,
        locale: input.locale,
        groupId: group.id,
        habilitations: ['PROVIDER_ADMINISTRATOR'],
        roles: ['manage-users'],
        models: [...MODEL_TYPES],
        options: [...OPTION_SWITCHES],
        vehicleIdentificationMethods: ['VIN', 'REGISTRATION'],
        password: input.password,
      },
      trx,
    );
    return { groupId: group.id, userId: user.id, signIn: user.signIn };
  });
}
