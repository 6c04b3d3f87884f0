// `npm start`: build what is not built yet, then run the server in this process (signals reach it).
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
await import('./build.mjs');
await import(pathToFileURL(path.join(root, 'apps/server/dist/main.js')).href);
