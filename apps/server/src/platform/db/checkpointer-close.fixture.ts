// Run as a process of its own by database.test.ts: a connection with its checkpoint thread, nothing else
// keeping the process alive. Stopping the thread must finish (and the code after it run) before the
// process exits: the caller closes its own connection after it, and that last close checkpoints.
import fs from 'node:fs';
import SqliteDatabase from 'better-sqlite3';
import { startCheckpointer } from './sqlite-checkpointer';

const file = process.argv[2]!;
const db = new SqliteDatabase(file);
db.pragma('journal_mode = WAL');
db.pragma('wal_autocheckpoint = 0');
const checkpointer = startCheckpointer(
  file,
  { intervalMs: 300, walLimitBytes: 1024 * 1024 },
  { onError: console.error, onDeath: () => console.error('died') },
);
db.exec('create table t (v integer)');
// The thread starts after one interval and runs a few rounds.
await new Promise((resolve) => setTimeout(resolve, 800));
await checkpointer.stop();
db.close();
console.log(`stopped, WAL ${fs.existsSync(`${file}-wal`) ? 'left' : 'removed'}`);
