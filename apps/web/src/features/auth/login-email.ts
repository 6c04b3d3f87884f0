/** zod's e-mail pattern (z.regexes.email), copied: zod's regex module is ten times its size. */
export const EMAIL_PATTERN =
  // eslint-disable-next-line no-useless-escape -- verbatim from zod; the test compares the two sources
  /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

/**
 * The login form's one rule (spec section 4): an e-mail is required and must look like one, by zod's own
 * e-mail pattern. Answers the trimmed address, or the translation key of what is wrong.
 */
export function checkLoginEmail(
  value: string,
): { email: string; error: null } | { email: string; error: 'common.emailRequired' | 'common.emailFormat' } {
  const email = value.trim();
  if (!email) return { email, error: 'common.emailRequired' };
  if (!EMAIL_PATTERN.test(email)) return { email, error: 'common.emailFormat' };
  return { email, error: null };
}
