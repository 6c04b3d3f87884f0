import type { PersonalLink, RecipientChannel } from '@forecourt/contracts';
import type { Adapters } from '../../platform/adapters';
import { notFound } from '../../platform/errors';
import type { UserContext } from '../identity/user-context';
import { playerRefInScope } from '../players/players.service';
import * as repo from './recipients.repo';

export type RecipientsDeps = Pick<Adapters, 'db' | 'clock' | 'ids' | 'config'>;

export interface RecipientInput {
  ref: string;
  channel: RecipientChannel;
  name?: string | null;
  email?: string | null;
  phone?: string | null;
}

/** The short link of a reference (what the portal shares) and its personal form. */
export const sharedLink = (publicUrl: string, ref: string) => `${publicUrl}/p/${ref}`;
export const personalUrl = (publicUrl: string, ref: string, token: string) => `${publicUrl}/p/${ref}/${token}`;

/**
 * Makes a personal link of a reference the caller's owners hold (else 404) and keeps its recipient:
 * the recipient's name and address, the caller as its sender, now.
 */
export async function createPersonalLink(
  deps: RecipientsDeps,
  user: UserContext,
  input: RecipientInput,
): Promise<PersonalLink> {
  if (!(await playerRefInScope(deps, user, input.ref))) throw notFound('Player');
  const token = deps.ids.token();
  await repo.insertRecipient(deps.db, {
    token,
    ref: input.ref,
    channel: input.channel,
    name: input.name?.trim() || null,
    email: input.email ?? null,
    phone: input.phone ?? null,
    senderId: user.id,
    createdAt: deps.clock.now().toISOString(),
  });
  return { token, url: personalUrl(deps.config.PUBLIC_URL, input.ref, token) };
}

/** Takes back a personal link whose message could not be sent: nobody received it. */
export const forgetPersonalLink = (deps: Pick<Adapters, 'db'>, token: string) => repo.deleteRecipient(deps.db, token);

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The message with the reference's links (short or long form) replaced by the personal one. Null when
 * the text holds no link of that reference (the sender removed it): then there is nothing to make personal.
 */
export function personalizeText(text: string, publicUrl: string, ref: string, personal: string): string | null {
  const links = new RegExp(
    `${escapeRegExp(publicUrl)}/(?:p|public/player)/${escapeRegExp(ref)}(?![A-Za-z0-9_/-])(?:\\?[^\\s<>"']*)?`,
    'g',
  );
  return links.test(text) ? text.replace(links, personal) : null;
}

/**
 * Makes the player link in a message personal for its recipient: a personal link is made and kept only
 * when the text holds a link of that reference. Answers the text to send and the token (to take back if
 * the send fails), or the text unchanged when there was no link to make personal.
 */
export async function personalizeMessage(
  deps: RecipientsDeps,
  user: UserContext,
  text: string,
  input: RecipientInput,
): Promise<{ text: string; token: string | null }> {
  const publicUrl = deps.config.PUBLIC_URL;
  if (personalizeText(text, publicUrl, input.ref, '') === null) {
    // Still 404 for a foreign reference: the caller learns nothing by leaving the link out.
    if (!(await playerRefInScope(deps, user, input.ref))) throw notFound('Player');
    return { text, token: null };
  }
  const link = await createPersonalLink(deps, user, input);
  return { text: personalizeText(text, publicUrl, input.ref, link.url)!, token: link.token };
}

/** The recipient is one of that reference's: a personal link opened with it counts for its recipient. */
export const isRecipientOf = (deps: Pick<Adapters, 'db'>, ref: string, token: string) =>
  repo.recipientExists(deps.db, ref, token);
