import { z } from 'zod';

/** A vehicle offered by the registration combobox (spec section 3: productId, details.registration, ownerId). */
export const AvailableProduct = z.object({
  id: z.string(),
  productId: z.string(),
  ownerId: z.string(),
  registration: z.string(),
  details: z.object({ registration: z.string() }),
});
export type AvailableProduct = z.infer<typeof AvailableProduct>;
export const AvailableProductsResponse = z.array(AvailableProduct);

export const AvailableProductsQuery = z.object({
  workflow: z.enum(['PHOTO', 'VIDEO']).default('PHOTO'),
  state: z.enum(['TODO', 'DONE']).default('TODO'),
});

export const REGISTRATION_MAX_LENGTH = 20;
// The letters of plates across the ten languages' countries are Latin ones, accented included (TÜ-AB 123,
// ÅLS 123, ŁDZ 1234): any Latin letter, the digits, spaces and dashes. No emoji, no other script.
const REGISTRATION_CHARACTERS = /^(?:(?=\p{L})\p{Script=Latin}|[0-9 -])+$/u;

export type RegistrationProblem = 'required' | 'tooLong' | 'characters';

/** What keeps a typed registration from being saved, for a message on the field; null when it can be. */
export function registrationProblem(text: string): RegistrationProblem | null {
  const trimmed = text.trim();
  if (!trimmed) return 'required';
  if ([...trimmed].length > REGISTRATION_MAX_LENGTH) return 'tooLong';
  return REGISTRATION_CHARACTERS.test(trimmed) ? null : 'characters';
}

const REGISTRATION_MESSAGES: Record<RegistrationProblem, string> = {
  required: 'is required',
  tooLong: `is at most ${REGISTRATION_MAX_LENGTH} characters`,
  characters: 'may hold letters, digits, spaces and dashes only',
};

/**
 * The registration rule as a zod string, trimmed, with a message for each problem: the API's English ones, or
 * the portal's locale keys (a form then shows the same refusal as the server gives). `optional`: an empty
 * registration passes (a field the user may leave blank).
 */
export const registrationRule = (
  messages: Record<RegistrationProblem, string> = REGISTRATION_MESSAGES,
  { optional = false }: { optional?: boolean } = {},
) =>
  z
    .string()
    .trim()
    .superRefine((s, ctx) => {
      if (optional && !s) return;
      const problem = registrationProblem(s);
      if (problem) ctx.addIssue({ code: 'custom', message: messages[problem] });
    });

/** Registrations are kept upper-cased, as the portal types them (spec section 5). */
export const RegistrationInput = registrationRule().transform((s) => s.toUpperCase());
/** A registration the payload may leave out or blank (then none), else held to the same rule. */
export const OptionalRegistrationInput = registrationRule(REGISTRATION_MESSAGES, { optional: true })
  .transform((s) => s.toUpperCase())
  .optional();

/**
 * A registration as the list searches it: upper-cased, without spaces and dashes, so "sz 304" finds
 * SZ-304-AR (the shootings' registration_key column holds the same, migration 0051).
 */
export const registrationKey = (text: string): string => text.toUpperCase().replace(/[\s-]+/g, '');

export const VIRTUAL_VIN = /^Virtual_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const CreateVirtualProductBody = z.object({
  vin: z.string().regex(VIRTUAL_VIN, 'must be Virtual_ followed by a UUID'),
  ownerId: z.string().min(1),
  registration: RegistrationInput,
  workflows: z.array(z.enum(['PHOTO', 'VIDEO'])).min(1),
});
export type CreateVirtualProductBody = z.input<typeof CreateVirtualProductBody>;

export const CreatedId = z.object({ id: z.string() });
export type CreatedId = z.infer<typeof CreatedId>;

export const WorkflowDoneBody = z.object({ ownerId: z.string().optional() });
