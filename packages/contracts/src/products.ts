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

/** Registrations are kept upper-cased, as the portal types them (spec section 5). */
export const RegistrationInput = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(20, 'is at most 20 characters')
  .regex(/^[A-Za-z0-9 -]+$/, 'may hold letters, digits, spaces and dashes only')
  .transform((s) => s.toUpperCase());

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
