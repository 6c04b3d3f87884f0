import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The e2e server's port and data dir, chosen once in the Playwright main process and inherited by its
 * workers through the environment (the config file is evaluated in each of them).
 */
/** A port no one listens on now, found synchronously (the Playwright config cannot await). */
export const freePort = (): number =>
  Number(
    execFileSync(process.execPath, [
      '-e',
      "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
    ]).toString(),
  );

export function e2eEnv(): { port: number; dataDir: string; baseURL: string; smtpPort: number } {
  if (!process.env.E2E_PORT) process.env.E2E_PORT = String(freePort());
  // The server sends e-mail to this port; the specs that read e-mail start an SMTP server on it.
  if (!process.env.E2E_SMTP_PORT) process.env.E2E_SMTP_PORT = String(freePort());
  if (!process.env.E2E_DATA_DIR) {
    process.env.E2E_DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'forecourt-e2e-'));
  }
  const port = Number(process.env.E2E_PORT);
  return {
    port,
    dataDir: process.env.E2E_DATA_DIR,
    baseURL: `http://127.0.0.1:${port}`,
    smtpPort: Number(process.env.E2E_SMTP_PORT),
  };
}

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
