/**
 * How an account's options are kept in user_options: one row an option, its value as JSON text. A value that is
 * not JSON (written by hand, or before values were JSON) reads as its text.
 */
export const optionRows = (
  userId: string,
  options: Record<string, unknown>,
): { user_id: string; name: string; value: string }[] =>
  Object.entries(options)
    .filter(([, v]) => v !== undefined)
    .map(([name, value]) => ({ user_id: userId, name, value: JSON.stringify(value) }));

/** An option's value as read back from user_options.value. */
export function optionValue(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
