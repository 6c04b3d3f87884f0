/**
 * The specific-access test of spec section 6: an option is on when it is a true switch or a non-empty
 * list. No zod here, so the web's first screen can use it without loading the schemas.
 */
export function hasOption(options: Readonly<Record<string, unknown>> | null | undefined, name: string): boolean {
  const value = options?.[name];
  return Array.isArray(value) ? value.length > 0 : value === true;
}
