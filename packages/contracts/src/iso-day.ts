import { z } from 'zod';

/** A calendar day as yyyy-mm-dd, and a real one: Date rolls 2024-02-30 over to March, a real day reads back unchanged. */
export const IsoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as yyyy-mm-dd')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
  }, 'is not a real date');
