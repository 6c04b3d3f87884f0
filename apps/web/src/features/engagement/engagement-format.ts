import type { EngagementAngle } from '@forecourt/contracts';

/**
 * A duration in the reader's language, by Intl's unit formats: "8.5 s" under ten seconds, "42 s", then
 * minutes and seconds ("3 min 5 s"), then hours and minutes.
 */
export function formatDuration(ms: number, lang: string): string {
  const unit = (value: number, u: 'second' | 'minute' | 'hour', digits = 0) =>
    new Intl.NumberFormat(lang, { style: 'unit', unit: u, unitDisplay: 'short', maximumFractionDigits: digits }).format(
      value,
    );
  const s = ms / 1000;
  if (s < 10) return unit(Math.round(s * 10) / 10, 'second', 1);
  const total = Math.round(s);
  if (total < 60) return unit(total, 'second');
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  if (h > 0) return `${unit(h, 'hour')} ${unit(m, 'minute')}`;
  return `${unit(m, 'minute')} ${unit(total % 60, 'second')}`;
}

/**
 * The spin angles a visit looked at: each frame seen as the direction it shows (frame i of n is i × 360 / n
 * degrees; without the frame count, its index) with its time, in frame order, and how many were seen.
 */
export function spinSummary(angles: readonly EngagementAngle[], frames: number) {
  const seen = angles.filter((a) => a.ms > 0);
  return {
    seen: seen.length,
    angles: seen.map((a) => ({
      frame: a.frame,
      degrees: frames > 0 ? Math.round((a.frame * 360) / frames) : a.frame,
      ms: a.ms,
    })),
  };
}

/** How long an alert's visit reads as happening now ("is looking at"); older ones read "looked at". */
export const ALERT_RECENT_MS = 5 * 60_000;

/** The alert's wording key: the present only while the visit is recent, so an alert read hours later stays true. */
export const alertWording = (createdAt: string, now: number): 'looking' | 'looked' =>
  now - Date.parse(createdAt) < ALERT_RECENT_MS ? 'looking' : 'looked';
