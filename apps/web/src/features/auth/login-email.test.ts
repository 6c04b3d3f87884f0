import { describe, expect, it } from 'vitest';
import { regexes } from 'zod/v4/core';
import { checkLoginEmail, EMAIL_PATTERN } from './login-email';

describe('the login e-mail', () => {
  it('is required', () => {
    expect(checkLoginEmail('').error).toBe('common.emailRequired');
    expect(checkLoginEmail('   ').error).toBe('common.emailRequired');
  });

  it("follows zod's e-mail rule, as the server's contracts do", () => {
    expect(EMAIL_PATTERN.source).toBe(regexes.email.source);
  });

  it('must be an e-mail address', () => {
    expect(checkLoginEmail('not-an-email').error).toBe('common.emailFormat');
    expect(checkLoginEmail('a@b').error).toBe('common.emailFormat');
  });

  it('is answered trimmed when valid', () => {
    expect(checkLoginEmail('  manager@demo.forecourt.test ')).toEqual({
      email: 'manager@demo.forecourt.test',
      error: null,
    });
  });
});
