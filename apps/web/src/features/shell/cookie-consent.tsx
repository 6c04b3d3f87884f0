import { Button, Link, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export const COOKIE_CONSENT_STORAGE_KEY = 'forecourt.cookieConsent';
/** The choice is asked again at most every 13 months (spec section 5). */
export const CONSENT_MONTHS = 13;

interface Consent {
  choice: 'accepted' | 'refused';
  at: string;
}

export function storedConsent(now = new Date()): Consent | null {
  try {
    const c = JSON.parse(localStorage.getItem(COOKIE_CONSENT_STORAGE_KEY) ?? 'null') as Consent | null;
    if (!c?.at) return null;
    const expires = new Date(c.at);
    expires.setMonth(expires.getMonth() + CONSENT_MONTHS);
    return expires > now ? c : null;
  } catch {
    return null;
  }
}

/** The cookie-consent banner: shown until the visitor chooses, and again once the choice is 13 months old. */
export function CookieConsent() {
  const { t } = useTranslation();
  const [consent, setConsent] = useState(() => storedConsent());
  if (consent) return null;
  const choose = (choice: Consent['choice']) => {
    const c = { choice, at: new Date().toISOString() };
    localStorage.setItem(COOKIE_CONSENT_STORAGE_KEY, JSON.stringify(c));
    setConsent(c);
  };
  return (
    <Paper role="dialog" aria-label={t('cookies.title')} elevation={6} sx={{ position: 'fixed', bottom: 16, left: 16, right: 16, p: 2, zIndex: 1400, maxWidth: 720, mx: 'auto' }}>
      <Typography variant="subtitle1" component="h2">{t('cookies.title')}</Typography>
      <Typography variant="body2" sx={{ my: 1 }}>
        {t('cookies.message')} <Link href="/privacy-policy">{t('shell.privacyPolicy')}</Link>
      </Typography>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={() => choose('refused')}>{t('cookies.refuse')}</Button>
        <Button variant="contained" onClick={() => choose('accepted')}>{t('cookies.accept')}</Button>
      </Stack>
    </Paper>
  );
}
