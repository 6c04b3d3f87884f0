import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveConsent, storedConsent, type Consent } from '../../lib/cookie-consent-store';
import css from './player.module.css';

/**
 * The portal's cookie-consent banner (features/shell/cookie-consent.tsx) as the player draws it: the same
 * text, links, buttons and place, and the same stored choice, in plain elements (player.module.css
 * mirrors MUI's Paper, Typography, Link and Buttons) so the public player loads no MUI for it.
 */
export function PlayerCookieConsent() {
  const { t } = useTranslation();
  const [consent, setConsent] = useState(() => storedConsent());
  if (consent) return null;
  const choose = (choice: Consent['choice']) => setConsent(saveConsent(choice));
  return (
    <div role="dialog" aria-label={t('cookies.title')} className={css.consent}>
      <h2 className={css.consentTitle}>{t('cookies.title')}</h2>
      <p className={css.consentText}>
        {t('cookies.message')}{' '}
        <a href="/privacy-policy" className={css.link}>
          {t('shell.privacyPolicy')}
        </a>
      </p>
      <div className={css.consentActions}>
        <button type="button" className={css.buttonText} onClick={() => choose('refused')}>
          {t('cookies.refuse')}
        </button>
        <button type="button" className={css.button} onClick={() => choose('accepted')}>
          {t('cookies.accept')}
        </button>
      </div>
    </div>
  );
}
