// `npm run admin -- <command>`: create dealer groups and accounts, reset a password, list the accounts, for
// scripted installs and for the operator with a shell. Run `npm run admin -- --help`.
import readline from 'node:readline';
import { ConfigError, loadConfig } from './config';
import { runAdminCommand, type AdminIo } from './modules/setup/admin-commands';
import { createAdapters, DataDirError } from './platform/adapters';
import { DatabaseStartError } from './platform/db/database';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Reads a line on the terminal without echoing it. */
function askSecret(question: string): Promise<string | null> {
  if (!process.stdin.isTTY) return Promise.resolve(null);
  return new Promise((resolve) => {
    const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    process.stdout.write(question);
    // Keeps what is typed off the screen: readline writes the echo through this method.
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = () => undefined;
    rl.question('', (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
  });
}

const io: AdminIo = {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
  readStdin,
  askSecret,
};

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  // Help needs no database.
  if (!argv[0] || ['--help', '-h', 'help'].includes(argv[0]) || argv.includes('--help') || argv.includes('-h')) {
    return runAdminCommand({} as never, argv, io);
  }
  const adapters = await createAdapters({ ...loadConfig(), LOG_LEVEL: 'silent' });
  try {
    return await runAdminCommand(adapters, argv, io);
  } finally {
    await adapters.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    const known = err instanceof ConfigError || err instanceof DataDirError || err instanceof DatabaseStartError;
    console.error(known ? `Forecourt admin: ${(err as Error).message}` : err);
    process.exit(1);
  },
);
