import { PORTAL_BLUE, PORTAL_BLUE_ON_DARK } from '@forecourt/contracts';
import { interpolate } from '@forecourt/contracts/catalogue';
import { escapeHtml as escape } from '../../../platform/html';
import { LOGIN_TEXTS, type LoginLocale } from './login-texts';

const LOGO = `<svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true"><rect width="48" height="48" rx="10" fill="${PORTAL_BLUE}"/><path d="M10 31l4-9a4 4 0 0 1 3.7-2.5h12.6A4 4 0 0 1 34 22l4 9v5h-4v-3H14v3h-4z" fill="#fff"/><circle cx="16" cy="30" r="2" fill="${PORTAL_BLUE}"/><circle cx="32" cy="30" r="2" fill="${PORTAL_BLUE}"/></svg>`;

const STYLE = `
body{margin:0;font-family:Roboto,Helvetica,Arial,sans-serif;background:#f3f4f6;color:#111827}
main{max-width:400px;margin:48px auto;padding:32px;background:#fff;border-radius:8px;box-shadow:0 2px 8px rgba(0,0,0,.12)}
.brand{display:flex;align-items:center;gap:12px;margin-bottom:16px}.brand span{font-size:1.5rem;font-weight:500}
h1{font-size:1.25rem;font-weight:500;margin:0 0 8px}p{line-height:1.5}
label{display:block;font-size:.875rem;margin:16px 0 4px}
input{box-sizing:border-box;width:100%;padding:10px 12px;font-size:1rem;border:1px solid #9ca3af;border-radius:4px}
input:focus{outline:2px solid ${PORTAL_BLUE};border-color:${PORTAL_BLUE}}
button{margin-top:24px;width:100%;padding:10px;font-size:1rem;font-weight:500;color:#fff;background:${PORTAL_BLUE};border:0;border-radius:4px;cursor:pointer}
.error{margin:16px 0 0;padding:10px 12px;background:#fee2e2;color:#991b1b;border-radius:4px}
a{color:${PORTAL_BLUE}}.links{margin-top:16px;font-size:.875rem}
details{margin-top:24px;font-size:.875rem;color:#374151}ul{padding-left:20px}
@media (prefers-color-scheme:dark){body{background:#111827;color:#f9fafb}main{background:#1f2937}input{background:#111827;color:#f9fafb}details{color:#d1d5db}a{color:${PORTAL_BLUE_ON_DARK}}button{background:${PORTAL_BLUE_ON_DARK};color:rgba(0,0,0,.87)}input:focus{outline-color:${PORTAL_BLUE_ON_DARK};border-color:${PORTAL_BLUE_ON_DARK}}}
`;

/**
 * A branded page of the provider, in the given language, in the portal's blue. It names the portal's icon:
 * without it the browser asks for /favicon.ico, a 404 at every sign-in.
 */
export function providerPage(locale: LoginLocale, title: string, body: string, head = ''): string {
  return `<!DOCTYPE html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)} – Forecourt</title><link rel="icon" type="image/svg+xml" href="/favicon.svg"><style>${STYLE}</style>${head}</head><body><main><div class="brand">${LOGO}<span>Forecourt</span></div>${body}</main></body></html>`;
}

/** What the page says went wrong: each is a key of the login texts. */
export type LoginPageError = 'required' | 'wrongPassword' | 'deactivated' | 'throttled';

export interface LoginPageInput {
  locale: LoginLocale;
  action: string;
  email: string;
  error?: LoginPageError;
  minutes?: number;
  /** Where "use another e-mail" leads: the portal's login page. */
  portalLogin: string;
}

export function loginPage(input: LoginPageInput): string {
  const t = LOGIN_TEXTS[input.locale];
  // After a wrong password, where a user who forgot theirs looks: the user board sends a reset link.
  const forgot = input.error === 'wrongPassword' ? `<p>${escape(t.forgotPassword)}</p>` : '';
  const error = input.error
    ? `<p class="error" role="alert">${escape(interpolate(t[input.error], { minutes: input.minutes ?? 1 }))}</p>${forgot}`
    : '';
  return providerPage(
    input.locale,
    t.title,
    `<h1>${escape(t.title)}</h1><p>${escape(t.intro)}</p>${error}
<form method="post" action="${escape(input.action)}" autocomplete="on">
<label for="email">${escape(t.email)}</label><input id="email" name="email" type="email" required autocomplete="username" value="${escape(input.email)}"${input.email ? '' : ' autofocus'}>
<label for="password">${escape(t.password)}</label><input id="password" name="password" type="password" required autocomplete="current-password"${input.email ? ' autofocus' : ''}>
<button type="submit">${escape(t.submit)}</button>
</form>
<p class="links"><a href="${escape(input.portalLogin)}">${escape(t.otherEmail)}</a></p>
<details><summary>${escape(t.helpTitle)}</summary><ul><li>${escape(t.helpBrowsers)}</li><li>${escape(t.helpMeetings)}</li><li>${escape(t.helpMobile)}</li></ul></details>`,
  );
}
