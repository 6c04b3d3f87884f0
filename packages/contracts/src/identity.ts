import { z } from 'zod';
import { ModelType } from './enums';

/** GET /identity/identity-providers?email= */
export const IdentityProviderQuery = z.object({ email: z.string() });
export const IdentityProviderResponse = z.object({
  /** EMBEDDED: Forecourt's own provider; OIDC: an external OpenID Connect issuer (Keycloak, Entra ID...). */
  providerType: z.enum(['EMBEDDED', 'OIDC']),
  issuer: z.string(),
  clientId: z.string(),
  /** Audience (resource indicator) of the access tokens the portal must ask for. */
  audience: z.string(),
  scope: z.string(),
  domain: z.string(),
});
export type IdentityProviderResponse = z.infer<typeof IdentityProviderResponse>;

/** GET /api/users/me */
export const CurrentUser = z.object({
  id: z.string(),
  email: z.string(),
  givenName: z.string(),
  familyName: z.string(),
  fullName: z.string(),
  locale: z.string(),
  groupId: z.string(),
  habilitations: z.array(z.string()),
  roles: z.array(z.string()),
});
export type CurrentUser = z.infer<typeof CurrentUser>;

export const UserIdParams = z.object({ id: z.string() });
export const UsernameParams = z.object({ username: z.string() });

/** GET /api/users/{id}/models?type=A,B: the user's models, limited to the listed types when given. */
export const UserModelsQuery = z.object({
  type: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const types = (v ?? '')
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean);
      const parsed = z.array(ModelType).safeParse(types);
      if (!parsed.success) {
        ctx.addIssue({
          code: 'custom',
          message: `type must be a comma-separated list of ${ModelType.options.join(', ')}`,
        });
        return z.NEVER;
      }
      return parsed.data;
    }),
});
export const UserModel = z.object({ modelType: ModelType });
export const UserModelsResponse = z.array(UserModel);
export type UserModel = z.infer<typeof UserModel>;

/** GET /api/external/legacy/1.28/users/{username}/options: switches are booleans, lists are string arrays. */
export const UserOption = z.object({
  name: z.string(),
  value: z.union([z.boolean(), z.array(z.string()), z.string(), z.number()]),
});
export const UserOptionsResponse = z.array(UserOption);
export type UserOption = z.infer<typeof UserOption>;

/** GET /api/external/legacy/users/{id}/owners */
export const UserOwner = z.object({ id: z.string(), name: z.string(), label: z.string() });
export const UserOwnersResponse = z.array(UserOwner);

/**
 * The one rule by which every screen, e-mail and document names a stock: its name ("Demo Motors Lyon"), which
 * tells it from another group's "Lyon"; its short label only where it has no name, its id where it has neither.
 */
export const stockDisplayName = (stock: { id: string; name?: string | null; label?: string | null }): string =>
  stock.name || stock.label || stock.id;
export type UserOwner = z.infer<typeof UserOwner>;

/** GET /api/owners?ids=a,b: labels of owners the caller reaches; label falls back to the owner id. */
export const OwnerLabelsQuery = z.object({
  ids: z.string().transform((v) =>
    v
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean),
  ),
});
export const OwnerLabel = z.object({ ownerId: z.string(), label: z.string() });
export const OwnerLabelsResponse = z.array(OwnerLabel);
export type OwnerLabel = z.infer<typeof OwnerLabel>;

/** GET /api/external/legacy/users/{id}/groupId */
export const GroupIdResponse = z.object({ groupId: z.string() });
export type GroupIdResponse = z.infer<typeof GroupIdResponse>;
