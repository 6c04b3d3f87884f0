/** The signed-in user as every service sees it: who, in which group, with which rights and owners. */
export interface UserContext {
  id: string;
  email: string;
  givenName: string;
  familyName: string;
  locale: string;
  groupId: string;
  habilitations: string[];
  roles: string[];
  /** Option name to its value: booleans for switches, lists for vehicleIdentificationMethods. */
  options: Record<string, unknown>;
  models: string[];
  /** The owners (stocks) this user reaches: every query scoped by tenancy uses this list. */
  ownerIds: string[];
  /** Set when the caller is a dealer group's API key (modules/api-keys), not a signed-in person. */
  apiKey?: { id: string; label: string; scopes: readonly string[] };
}
