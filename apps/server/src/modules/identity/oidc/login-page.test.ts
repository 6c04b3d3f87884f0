import { PORTAL_BLUE, PORTAL_BLUE_ON_DARK } from '@forecourt/contracts';
import { describe, expect, it } from 'vitest';
import { loginPage } from './login-page';

describe('the provider’s sign-in page', () => {
  const html = loginPage({
    locale: 'en',
    action: '/oidc/interaction/x/login',
    email: 'manager@demo.forecourt.test',
    portalLogin: '/login',
  });

  it('is drawn in the portal’s blue, light and dark', () => {
    expect(html).toContain(`background:${PORTAL_BLUE}`);
    expect(html).toContain(`background:${PORTAL_BLUE_ON_DARK}`);
    // The blue of its first version, which differed from the portal's.
    expect(html).not.toContain('#1d4ed8');
  });

  it('names the portal’s icon, so the browser does not ask for a missing /favicon.ico', () => {
    expect(html).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg">');
  });

  it('tells a user whose password was refused where a new one comes from, in their language', () => {
    const page = (locale: 'en' | 'sv', error?: 'wrongPassword') =>
      loginPage({ locale, action: '/oidc/interaction/x/login', email: 'a@b.example', portalLogin: '/login', error });
    expect(page('en')).not.toContain('Forgot your password?');
    expect(page('en', 'wrongPassword')).toContain(
      'Forgot your password? Your manager can send you a link to choose a new one.',
    );
    expect(page('sv', 'wrongPassword')).toContain('Glömt lösenordet?');
  });
});
