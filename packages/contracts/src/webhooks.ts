import { z } from 'zod';

/**
 * Webhooks of a dealer group (issue 32 point 2), following the Standard Webhooks specification:
 * `webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">`,
 * secrets `whsec_<base64>`.
 */

export const WEBHOOK_EVENT_TYPES = [
  'shooting.created',
  'shooting.finished',
  'images.edited',
  'report.ready',
  'player.viewed',
  'live.room.ended',
  'recording.ready',
  'video.assembled',
  'marketplace.export.ready',
] as const;
export const WebhookEventType = z.enum(WEBHOOK_EVENT_TYPES);
export type WebhookEventType = z.infer<typeof WebhookEventType>;

/** The type of the test event the settings send; never emitted by the product itself. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** The JSON body of every delivery. */
export const WebhookPayload = z.object({
  type: z.union([WebhookEventType, z.literal(WEBHOOK_TEST_EVENT)]),
  timestamp: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookPayload = z.infer<typeof WebhookPayload>;

export const WebhookEndpoint = z.object({
  id: z.string(),
  groupId: z.string(),
  url: z.string(),
  description: z.string(),
  /** The types sent to it; empty: every type. */
  eventTypes: z.array(WebhookEventType),
  enabled: z.boolean(),
  /** Why it was disabled (24 h of failed deliveries), or null. */
  disabledReason: z.string().nullable(),
  /** Until when the secret before the last rotation is still signed with, or null. */
  previousSecretUntil: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;

/** `GET /api/settings/groups/{groupId}/webhooks` */
export const WebhookEndpointsResponse = z.object({ items: z.array(WebhookEndpoint) });
export type WebhookEndpointsResponse = z.infer<typeof WebhookEndpointsResponse>;

const endpointFields = {
  url: z.url({ protocol: /^https?$/ }).max(2000),
  description: z.string().trim().max(200).default(''),
  eventTypes: z.array(WebhookEventType).default([]),
};

/** `POST /api/settings/groups/{groupId}/webhooks` */
export const WebhookEndpointCreate = z.object(endpointFields);
export type WebhookEndpointCreate = z.input<typeof WebhookEndpointCreate>;

/** `PUT /api/settings/groups/{groupId}/webhooks/{endpointId}`: enabled true re-enables a disabled endpoint. */
export const WebhookEndpointUpdate = z.object({ ...endpointFields, enabled: z.boolean() });
export type WebhookEndpointUpdate = z.input<typeof WebhookEndpointUpdate>;

/** The created endpoint, or one whose secret was rotated: `secret` is shown this once. */
export const WebhookEndpointWithSecret = WebhookEndpoint.extend({ secret: z.string() });
export type WebhookEndpointWithSecret = z.infer<typeof WebhookEndpointWithSecret>;

export const WebhookEndpointParams = z.object({ groupId: z.string().min(1), endpointId: z.string().min(1) });
export type WebhookEndpointParams = z.infer<typeof WebhookEndpointParams>;

export const WebhookDeliveryParams = WebhookEndpointParams.extend({ deliveryId: z.string().min(1) });
export type WebhookDeliveryParams = z.infer<typeof WebhookDeliveryParams>;

/** One attempt at a delivery, as the log shows it. */
export const WebhookAttempt = z.object({
  at: z.string(),
  /** The HTTP status, or null when no answer came (refused, timeout, address not allowed). */
  status: z.number().int().nullable(),
  durationMs: z.number().int(),
  /** The start of the answer's body, or why no answer came. */
  response: z.string(),
});
export type WebhookAttempt = z.infer<typeof WebhookAttempt>;

export const WebhookDelivery = z.object({
  id: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  /**
   * Pending behind an earlier pending delivery of the same shooting (or room) to this endpoint: it goes out after
   * that one (order per shooting), whatever its `nextAttemptAt` says.
   */
  waitsForEarlier: z.boolean(),
  /** The request as sent: its headers (the signature included) and body. */
  request: z.object({ headers: z.record(z.string(), z.string()), body: z.string() }),
  attempts: z.array(WebhookAttempt),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

/** `GET …/webhooks/{endpointId}/deliveries`: the newest 50. */
export const WebhookDeliveriesResponse = z.object({ items: z.array(WebhookDelivery) });
export type WebhookDeliveriesResponse = z.infer<typeof WebhookDeliveriesResponse>;
