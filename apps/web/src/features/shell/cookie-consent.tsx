import { Box, Button, Link, Paper, Stack, Typography } from '@mui/material';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveConsent, storedConsent, type Consent } from '../../lib/cookie-consent-store';

/** The cookie-consent banner: shown until the visitor chooses, and again once the choice is 13 months old. */
export function CookieConsent() {
  const { t } = useTranslation();
  const [consent, setConsent] = useState(() => storedConsent());
  const banner = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState(0);
  // The banner floats over the page's end: a spacer of its height (and margin) after the page lets the
  // visitor scroll what it would cover (Load more, the footer) above it.
  useLayoutEffect(() => {
    const node = banner.current;
    if (!node) return;
    const measure = () => setHeight(node.offsetHeight + 32);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, [consent]);
  if (consent) return null;
  const choose = (choice: Consent['choice']) => setConsent(saveConsent(choice));
  return (
    <>
      <Box aria-hidden sx={{ height }} data-testid="cookie-spacer" />
      <Paper
        ref={banner}
        role="dialog"
        aria-label={t('cookies.title')}
        elevation={6}
        sx={{ position: 'fixed', bottom: 16, left: 16, right: 16, p: 2, zIndex: 1400, maxWidth: 720, mx: 'auto' }}
      >
        <Typography variant="subtitle1" component="h2">
          {t('cookies.title')}
        </Typography>
        <Typography variant="body2" sx={{ my: 1 }}>
          {t('cookies.message')} <Link href="/privacy-policy">{t('shell.privacyPolicy')}</Link>
        </Typography>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={() => choose('refused')}>{t('cookies.refuse')}</Button>
          <Button variant="contained" onClick={() => choose('accepted')}>
            {t('cookies.accept')}
          </Button>
        </Stack>
      </Paper>
    </>
  );
}
