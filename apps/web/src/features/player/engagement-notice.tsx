import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { measuring, optOut } from './engagement-beacon';
import css from './player.module.css';

/**
 * Says, on a personal link, what the page measures and for whom, with the opt-out (remembered in this
 * browser); under Global Privacy Control or after an opt-out, that nothing is measured.
 */
export function EngagementNotice() {
  const { t } = useTranslation();
  const [state, setState] = useState(() => measuring());
  if (state === 'none') return null;
  return (
    <section aria-label={t('publicPlayer.measure.title')} className={css.card} data-testid="engagement-notice">
      <p className={css.consentText}>
        {t(
          state === 'on'
            ? 'publicPlayer.measure.on'
            : state === 'gpc'
              ? 'publicPlayer.measure.gpc'
              : 'publicPlayer.measure.off',
        )}{' '}
        <a href="/privacy-policy#engagement" className={css.link}>
          {t('shell.privacyPolicy')}
        </a>
      </p>
      {state === 'on' && (
        <button
          type="button"
          className={css.buttonText}
          onClick={() => {
            optOut();
            setState('optedOut');
          }}
        >
          {t('publicPlayer.measure.optOut')}
        </button>
      )}
    </section>
  );
}
