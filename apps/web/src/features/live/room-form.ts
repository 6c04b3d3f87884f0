import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { registrationRule, SESSION_NAME_MAX } from '@forecourt/contracts';
import { z } from 'zod';

dayjs.extend(utc);

export const FORM_DATE = 'DD/MM/YYYY';

/** The room form of spec section 5. Messages are locale keys. */
export const RoomForm = z.object({
  owner: z.string().min(1, 'common.required'),
  name: z.string().trim().min(1, 'common.required').max(SESSION_NAME_MAX, 'sharing.maxLength'),
  /** As typed, DD/MM/YYYY. */
  date: z.string().min(1, 'common.required'),
  /** HH:mm, 24 h, whatever the picker shows. */
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'common.required'),
  /** Optional; the server's rule, with the shooting form's messages (`max` to interpolate). */
  registration: registrationRule(
    {
      required: 'common.required',
      tooLong: 'registration.problems.tooLong',
      characters: 'registration.problems.characters',
    },
    { optional: true },
  ),
});
export type RoomForm = z.infer<typeof RoomForm>;

/** Strict DD/MM/YYYY (no 31/02): null when it is not a real day. */
export function parseFormDate(text: string): Dayjs | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const day = dayjs(new Date(y, mo - 1, d));
  return day.date() === d && day.month() === mo - 1 && day.year() === y ? day : null;
}

/** The date field's error key, or null: strict format, then not before today (local day). */
export function dateError(text: string, now: Dayjs = dayjs()): string | null {
  if (!text.trim()) return 'common.required';
  const day = parseFormDate(text);
  if (!day) return 'rooms.form.invalidFormatDate';
  return day.isBefore(now.startOf('day')) ? 'rooms.form.dateBeforeToday' : null;
}

/** The local date and time the dealer typed, as the UTC 'YYYY-MM-DD HH:mm:ss' the server stores. */
export function toUtcAppointment(date: string, time: string): string {
  const day = parseFormDate(date);
  if (!day) throw new Error('invalid date');
  const [h, m] = time.split(':').map(Number);
  return day.hour(h!).minute(m!).second(0).utc().format('YYYY-MM-DD HH:mm:ss');
}

/** A UTC appointment in the viewer's time zone. */
export const localAppointment = (utcText: string): Dayjs => dayjs.utc(utcText, 'YYYY-MM-DD HH:mm:ss').local();
