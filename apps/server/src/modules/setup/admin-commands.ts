import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ZodError } from 'zod';
import type { Adapters } from '../../platform/adapters';
import { AppError } from '../../platform/errors';
import { CLI_ACTOR, type AuditContext } from '../audit/audit.service';
import { createScimToken } from '../scim/scim-tokens.service';
import {
  createGroup,
  createUser,
  isExternalEmail,
  listUsers,
  refuseExternalPassword,
  resetPassword,
  resolveGroup,
} from './accounts.service';

/** What the command reads and writes, behind an interface so that tests run it without a terminal. */
export interface AdminIo {
  out(line: string): void;
  err(line: string): void;
  /** The whole of standard input (for --password-stdin). */
  readStdin(): Promise<string>;
  /** Asks for a secret on the terminal without echoing it; null when there is no terminal. */
  askSecret(question: string): Promise<string | null>;
}

type Deps = Pick<Adapters, 'db' | 'clock' | 'ids' | 'config'>;

class UsageError extends Error {}

const CLI: AuditContext = { actor: CLI_ACTOR, clientAddress: null };

interface Command {
  summary: string;
  usage: string;
  options: NonNullable<ParseArgsConfig['options']>;
  run(deps: Deps, values: Record<string, string | boolean | undefined>, io: AdminIo): Promise<void>;
}

const list = (v: string | boolean | undefined): string[] =>
  typeof v === 'string'
    ? v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];

const text = (v: string | boolean | undefined): string | undefined => (typeof v === 'string' ? v : undefined);

function required(values: Record<string, string | boolean | undefined>, ...names: string[]): void {
  const missing = names.filter((n) => typeof values[n] !== 'string' || !(values[n] as string).trim());
  if (missing.length) throw new UsageError(`missing ${missing.map((n) => `--${n}`).join(', ')}`);
}

/** The new password: from standard input (first line) with --password-stdin, else asked on the terminal twice. */
async function readPassword(values: Record<string, string | boolean | undefined>, io: AdminIo): Promise<string> {
  if (values['password-stdin']) return (await io.readStdin()).split(/\r?\n/)[0] ?? '';
  const first = await io.askSecret('Password: ');
  if (first === null) throw new UsageError('no terminal to ask the password on: pass it with --password-stdin');
  if ((await io.askSecret('Password again: ')) !== first) throw new UsageError('the two passwords differ');
  return first;
}

const COMMANDS: Record<string, Command> = {
  'create-group': {
    summary: 'Create a dealer group',
    usage: 'create-group --name NAME [--id ID]',
    options: { name: { type: 'string' }, id: { type: 'string' } },
    async run(deps, values, io) {
      required(values, 'name');
      const group = await createGroup(deps, CLI, { name: text(values.name)!, id: text(values.id) });
      io.out(`Created the dealer group ${group.name} (${group.id})`);
    },
  },
  'create-user': {
    summary: 'Create an account in a dealer group',
    usage: [
      'create-user --email E --given-name G --family-name F --group GROUP_ID_OR_NAME',
      '  [--locale en|fr|es|pl|de|it|nl|pt|sv|da] [--roles manage-users,...]',
      '  [--habilitations PROVIDER_ADMINISTRATOR,CUSTOMER_SUCCESS,SALES] [--models VIDEO,PROCESS,INSPECT,INSPECT_REPAIR_ORDER]',
      '  [--options useCropping,useRestamp,...] [--identification VIN,REGISTRATION] [--stocks OWNER_ID,...]',
      '  [--password-stdin]',
      'An address of a domain in IDENTITY_PROVIDERS signs in with that provider and takes no password;',
      'any other is asked a password (on the terminal, or the first line of standard input with --password-stdin).',
    ].join('\n'),
    options: {
      email: { type: 'string' },
      'given-name': { type: 'string' },
      'family-name': { type: 'string' },
      group: { type: 'string' },
      locale: { type: 'string' },
      roles: { type: 'string' },
      habilitations: { type: 'string' },
      models: { type: 'string' },
      options: { type: 'string' },
      identification: { type: 'string' },
      stocks: { type: 'string' },
      'password-stdin': { type: 'boolean' },
    },
    async run(deps, values, io) {
      required(values, 'email', 'given-name', 'family-name', 'group');
      const email = text(values.email)!;
      const group = await resolveGroup(deps, text(values.group)!);
      const password = isExternalEmail(deps, email) ? undefined : await readPassword(values, io);
      const user = await createUser(deps, CLI, {
        email,
        givenName: text(values['given-name'])!,
        familyName: text(values['family-name'])!,
        locale: (text(values.locale) ?? 'en') as 'en',
        groupId: group.id,
        roles: list(values.roles),
        habilitations: list(values.habilitations) as never[],
        models: list(values.models) as never[],
        options: list(values.options),
        vehicleIdentificationMethods: list(values.identification) as never[],
        ownerIds: list(values.stocks),
        password,
      });
      io.out(
        `Created ${user.email} (${user.id}) in ${group.name}: ${
          user.signIn === 'EXTERNAL'
            ? 'signs in with the identity provider of its domain'
            : 'signs in with its password'
        }`,
      );
    },
  },
  'reset-password': {
    summary: 'Set a new password on an embedded account',
    usage: 'reset-password --email E [--password-stdin]',
    options: { email: { type: 'string' }, 'password-stdin': { type: 'boolean' } },
    async run(deps, values, io) {
      required(values, 'email');
      const email = text(values.email)!;
      refuseExternalPassword(deps, email);
      await resetPassword(deps, CLI, { email, password: await readPassword(values, io) });
      io.out(`Set a new password for ${email.toLowerCase()}`);
    },
  },
  'create-scim-token': {
    summary: 'Create a SCIM bearer token for a dealer group (Entra ID, Okta)',
    usage: [
      'create-scim-token --group GROUP_ID_OR_NAME [--label LABEL]',
      'Prints the token once, with the SCIM base URL to give the identity provider; only its SHA-256 is kept.',
    ].join('\n'),
    options: { group: { type: 'string' }, label: { type: 'string' } },
    async run(deps, values, io) {
      required(values, 'group');
      const group = await resolveGroup(deps, text(values.group)!);
      const label = text(values.label)?.trim() || 'SCIM';
      if (label.length > 100) throw new UsageError('--label is longer than 100 characters');
      const created = await createScimToken(deps, group.id, label, CLI);
      io.out(`Created the SCIM token "${label}" (${created.id}) of ${group.name}. It is shown this once:`);
      io.out(created.token);
      io.out(`SCIM base URL: ${deps.config.PUBLIC_URL}/scim/v2`);
    },
  },
  'list-users': {
    summary: 'List the accounts, of every group or of one',
    usage: 'list-users [--group GROUP_ID_OR_NAME] [--json]',
    options: { group: { type: 'string' }, json: { type: 'boolean' } },
    async run(deps, values, io) {
      const group = text(values.group) ? await resolveGroup(deps, text(values.group)!) : undefined;
      const users = await listUsers(deps, group?.id);
      if (values.json) return io.out(JSON.stringify(users));
      if (!users.length) return io.out('No accounts');
      for (const u of users)
        io.out(
          [u.groupId, u.email, u.name, u.signIn, [...u.habilitations, ...u.roles].join(',') || '-', u.id].join('\t'),
        );
    },
  },
};

const overview = () =>
  [
    'Usage: npm run admin -- <command> [options]',
    '',
    'Commands:',
    ...Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(20)}${c.summary}`),
    '',
    'npm run admin -- <command> --help gives the options of a command.',
  ].join('\n');

const ZOD_FIELD: Record<string, string> = {
  givenName: 'given-name',
  familyName: 'family-name',
  ownerIds: 'stocks',
  vehicleIdentificationMethods: 'identification',
};

/** A failure as one line: which option and what is wrong with it. */
function oneLine(err: unknown): string | null {
  if (err instanceof UsageError || err instanceof AppError) return err.message;
  if (err instanceof ZodError) {
    const issue = err.issues[0]!;
    const field = String(issue.path[0] ?? '');
    return `--${ZOD_FIELD[field] ?? field} ${issue.message}`;
  }
  if (err instanceof TypeError && 'code' in err && String(err.code).startsWith('ERR_PARSE_ARGS')) return err.message;
  return null;
}

/**
 * Runs `npm run admin -- <argv>` and answers the exit code: 0 done, 1 refused (a line on stderr says why),
 * 2 a usage error. Every change goes through the services the API uses and is audited with the actor `cli`.
 */
export async function runAdminCommand(deps: Deps, argv: string[], io: AdminIo): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.out(overview());
    return name ? 0 : 2;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.err(`Unknown command ${name}. ${overview()}`);
    return 2;
  }
  try {
    const { values } = parseArgs({
      args: rest,
      options: { ...command.options, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: false,
    });
    if (values.help) {
      io.out(`Usage: npm run admin -- ${command.usage}`);
      return 0;
    }
    await command.run(deps, values, io);
    return 0;
  } catch (err) {
    const line = oneLine(err);
    if (line === null) throw err;
    io.err(`admin ${name}: ${line}`);
    return err instanceof UsageError || (err instanceof TypeError && 'code' in err) ? 2 : 1;
  }
}
