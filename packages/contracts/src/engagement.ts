import { z } from 'zod';
import { PlayerRef } from './players';

/** A personal link's recipient token (128 random bits, URL-safe), the last segment of `/p/{ref}/{token}`. */
export const RecipientToken = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'is not a recipient token');
export type RecipientToken = z.infer<typeof RecipientToken>;

/** The query parameter that carries the recipient token on the player page. */
export const RECIPIENT_QUERY = 'r';

export const RECIPIENT_NAME_MAX = 120;

/**
 * Asks a send (e-mail or SMS) to make its player link personal: the server keeps the recipient with the
 * share and puts the recipient's own link in the message where the reference's link is.
 */
export const PersonalLinkRequest = z.object({
  ref: PlayerRef,
  /** How the salesperson calls the recipient ("Mr Martin"); the alerts show it. */
  name: z.string().trim().max(RECIPIENT_NAME_MAX).optional(),
});
export type PersonalLinkRequest = z.infer<typeof PersonalLinkRequest>;

/** "Copy link for …": a personal link for a named recipient, handed over by the salesperson. */
export const PersonalLinkBody = z.object({
  ref: PlayerRef,
  name: z.string().trim().min(1).max(RECIPIENT_NAME_MAX),
});
export type PersonalLinkBody = z.infer<typeof PersonalLinkBody>;

export const PersonalLink = z.object({ token: RecipientToken, url: z.string() });
export type PersonalLink = z.infer<typeof PersonalLink>;

export const RecipientChannel = z.enum(['EMAIL', 'SMS', 'LINK']);
export type RecipientChannel = z.infer<typeof RecipientChannel>;

export const PersonalLinkParams = z.object({ ref: PlayerRef, token: RecipientToken });
