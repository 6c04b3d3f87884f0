import type {
  AlertPreferences,
  CallNowResponse,
  DeviceClass,
  EngagementAlert,
  EngagementAlertList,
} from '@forecourt/contracts';
import type { Adapters } from '../../platform/adapters';
import { escapeHtml } from '../../platform/html';
import { AppError, badRequest, notFound } from '../../platform/errors';
import type { UserContext } from '../identity/user-context';
import { createRoom } from '../live/rooms/live.service';
import { sendEmail, sendSms, type NotificationsDeps } from '../notifications/notifications.service';
import type { AlertBus } from './alert-bus';
import { alertTexts } from './alert-texts';
import * as repo from './alerts.repo';
import type { OpenedVisit } from './beacon.service';
import { visitTime } from './visit-time';

/** A recipient reloading the page or opening a second tab within this time makes no second alert. */
export const ALERT_QUIET_AFTER_VISIT_MS = 30 * 60_000;

export type AlertsDeps = Pick<Adapters, 'db' | 'clock' | 'ids' | 'queue' | 'config'> & { bus: AlertBus };

const DEFAULT_PREFERENCES: repo.PreferencesRow = {
  in_app: 1,
  email: 0,
  quiet_from: null,
  quiet_to: null,
  time_zone: 'UTC',
};

const vehicleOf = (c: repo.AlertContext) => [c.brand, c.model].filter(Boolean).join(' ') || c.registration;

const toAlert = (r: repo.AlertRow): EngagementAlert => ({
  id: r.id,
  token: r.token,
  recipientName: r.name,
  reachable: r.phone ? 'SMS' : r.email ? 'EMAIL' : 'NONE',
  vehicle: vehicleOf(r),
  shootingId: r.shootingId,
  ownerId: r.ownerId,
  productId: r.productId,
  device: (r.device ?? 'desktop') as DeviceClass,
  createdAt: r.createdAt,
  read: r.readAt !== null,
});

/** The local HH:mm of `at` in a time zone (UTC when the zone is unknown). */
export function localTime(at: Date, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
      at,
    );
  } catch {
    return at.toISOString().slice(11, 16);
  }
}

/** Whether `at` falls in the quiet hours (which may run over midnight: 20:00 to 08:00). */
export function inQuietHours(p: Pick<repo.PreferencesRow, 'quiet_from' | 'quiet_to' | 'time_zone'>, at: Date): boolean {
  if (!p.quiet_from || !p.quiet_to || p.quiet_from === p.quiet_to) return false;
  const t = localTime(at, p.time_zone);
  return p.quiet_from < p.quiet_to ? t >= p.quiet_from && t < p.quiet_to : t >= p.quiet_from || t < p.quiet_to;
}

/**
 * A recipient opened a personal link: the sender's alert is kept in their notification centre (once per
 * visit, none for a reload within 30 minutes), pushed to their open pages and queued as an e-mail as they
 * chose, neither during their quiet hours.
 */
export async function alertOpened(deps: AlertsDeps, visit: OpenedVisit): Promise<void> {
  const ctx = await repo.findAlertContext(deps.db, visit.token);
  if (!ctx) return;
  const now = deps.clock.now();
  const since = new Date(now.getTime() - ALERT_QUIET_AFTER_VISIT_MS).toISOString();
  if (await repo.openedSince(deps.db, visit.token, visit.visit, since)) return;
  const id = deps.ids.uuid();
  if (
    !(await repo.insertAlert(deps.db, {
      id,
      userId: ctx.senderId,
      token: visit.token,
      visit: visit.visit,
      createdAt: visit.at,
    }))
  )
    return;
  const prefs = (await repo.findPreferences(deps.db, ctx.senderId)) ?? DEFAULT_PREFERENCES;
  if (inQuietHours(prefs, now)) return;
  if (prefs.in_app)
    await deps.bus.publish(
      ctx.senderId,
      toAlert({ ...ctx, id, device: visit.device, createdAt: visit.at, readAt: null }),
    );
  if (prefs.email)
    await deps.queue.enqueue('engagement.alert-email', { alertId: id }, { key: `engagement.alert-email:${id}` });
}

/** How long a visit reads as happening now, as in the portal's alert centre; a later e-mail says "looked at". */
export const ALERT_RECENT_MS = 5 * 60_000;

/**
 * The alert e-mail in the sender's language: "Mr Martin is looking at the Golf GTI now" while the visit is
 * recent, "Mr Martin looked at the Golf GTI (29/11/2026 02:05 PM)" when the job runs late (a backlog, retries).
 */
export async function sendAlertEmail(
  deps: Pick<Adapters, 'db' | 'mail' | 'config' | 'clock'>,
  alertId: string,
): Promise<void> {
  const row = await repo.findAlertById(deps.db, alertId);
  if (!row) return;
  const texts = alertTexts(row.senderLocale);
  const name = row.name ?? texts.someone;
  const recent = deps.clock.now().getTime() - Date.parse(row.createdAt) < ALERT_RECENT_MS;
  const timeZone = (await repo.findPreferences(deps.db, row.senderId))?.time_zone ?? 'UTC';
  const subject = recent
    ? texts.looking(name, vehicleOf(row))
    : texts.looked(name, vehicleOf(row), visitTime(row.createdAt, row.senderLocale, timeZone));
  const link = `${deps.config.PUBLIC_URL}/shootings/${row.shootingId}`;
  await deps.mail.send({
    to: row.senderEmail,
    subject,
    text: `${subject}.\n\n${texts.openPortal}\n${link}`,
    html: `<!doctype html><html><body><p>${escapeHtml(subject)}.</p><p>${escapeHtml(texts.openPortal)}<br><a href="${link}">${link}</a></p></body></html>`,
    fromName: 'Forecourt',
    origin: { userId: row.senderId, groupId: row.senderGroupId },
    // The job's own key: a retry after the send (a crash, a lost lease) does not e-mail the sender twice.
    dedupeKey: `engagement.alert-email:${alertId}`,
  });
}

/** The caller's newest alerts (of stocks they still reach) and how many are unread. */
export async function listUserAlerts(deps: Pick<Adapters, 'db'>, user: UserContext): Promise<EngagementAlertList> {
  const [rows, unread] = await Promise.all([
    repo.listAlerts(deps.db, user.id, user.ownerIds, 50),
    repo.countUnread(deps.db, user.id),
  ]);
  return { items: rows.map(toAlert), unread };
}

export const markAlertsRead = (deps: Pick<Adapters, 'db' | 'clock'>, user: UserContext) =>
  repo.markAllRead(deps.db, user.id, deps.clock.now().toISOString());

export async function getAlertPreferences(deps: Pick<Adapters, 'db'>, user: UserContext): Promise<AlertPreferences> {
  const p = (await repo.findPreferences(deps.db, user.id)) ?? DEFAULT_PREFERENCES;
  return {
    inApp: p.in_app === 1,
    email: p.email === 1,
    quietFrom: p.quiet_from,
    quietTo: p.quiet_to,
    timeZone: p.time_zone,
  };
}

export async function saveAlertPreferences(
  deps: Pick<Adapters, 'db'>,
  user: UserContext,
  input: AlertPreferences,
): Promise<AlertPreferences> {
  try {
    new Intl.DateTimeFormat('en', { timeZone: input.timeZone });
  } catch {
    throw badRequest('Unknown time zone', { field: 'timeZone' });
  }
  await repo.savePreferences(deps.db, user.id, {
    in_app: input.inApp ? 1 : 0,
    email: input.email ? 1 : 0,
    quiet_from: input.quietFrom,
    quiet_to: input.quietTo,
    time_zone: input.timeZone,
  });
  return input;
}

/** UTC `YYYY-MM-DD HH:mm:ss`, the live rooms' appointment form. */
const utcAppointment = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');

/**
 * "Call now": a live room for now, its link sent to the recipient by SMS (a phone) or e-mail, and the
 * room's page for the caller. Only the alert's own user, of a stock they still reach.
 */
export async function callNow(
  deps: Pick<Adapters, 'db' | 'clock' | 'ids' | 'config'> & NotificationsDeps,
  user: UserContext,
  alertId: string,
): Promise<CallNowResponse> {
  const alert = await repo.findAlert(deps.db, user.id, alertId);
  if (!alert || !user.ownerIds.includes(alert.ownerId)) throw notFound('Alert');
  if (!alert.phone && !alert.email)
    throw new AppError('CONFLICT', 'This recipient has no phone number nor e-mail address');
  const texts = alertTexts(user.locale);
  const vehicle = vehicleOf(alert);
  const room = await createRoom(deps, user, {
    session_name: `${alert.name ?? texts.someone} · ${vehicle}`.slice(0, 100),
    user_id: user.id,
    appointment_date: utcAppointment(deps.clock.now()),
    owner_id: alert.ownerId,
  });
  const roomPath = new URL(room.link).pathname + new URL(room.link).search;
  const text = texts.callInvite(vehicle, room.link);
  if (alert.phone) await sendSms(deps, user, { to: alert.phone, body: text.slice(0, 160) });
  else await sendEmail(deps, user, { to: alert.email!, subject: texts.callSubject(vehicle), body: text });
  return { roomId: room.id_live_video, roomPath, sentBy: alert.phone ? 'SMS' : 'EMAIL' };
}
