import { randomBytes, randomUUID } from 'node:crypto';

export interface Ids {
  uuid(): string;
  /** An unguessable token: 128 random bits, URL-safe. */
  token(): string;
}

export const randomIds: Ids = {
  uuid: () => randomUUID(),
  token: () => randomBytes(16).toString('base64url'),
};
