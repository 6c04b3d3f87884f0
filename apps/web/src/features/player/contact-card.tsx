import type { ContactInformation } from '@forecourt/contracts';
import { contactTitle } from '@forecourt/contracts/player-media';
import { useTranslation } from 'react-i18next';
import { track } from './engagement-beacon';
import { PhoneIcon } from './player-icons';
import css from './player.module.css';

/** The dealer's contact information and phone number, next to the media; titles in the visitor's language. */
export function ContactCard({ items, phone }: { items: ContactInformation[]; phone: string | null }) {
  const { t, i18n } = useTranslation();
  if (items.length === 0 && !phone) return null;
  return (
    <section aria-labelledby="player-contact-title" className={css.card}>
      <h2 id="player-contact-title" className={css.title}>
        {t('publicPlayer.contact')}
      </h2>
      <dl className={css.contactList}>
        {items.map((item, i) => (
          <div key={`${i}-${item.title}`} className={css.contactItem}>
            <dt className={css.contactLabel}>{contactTitle(item, i18n.language)}</dt>
            <dd className={css.contactValue}>{item.value}</dd>
          </div>
        ))}
      </dl>
      {phone && (
        <a
          href={`tel:${phone.replace(/\s+/g, '')}`}
          onClick={() => track({ k: 'contact', via: 'phone' })}
          className={css.button}
          aria-label={t('publicPlayer.call', { phone })}
        >
          <PhoneIcon className={css.buttonIcon} />
          {phone}
        </a>
      )}
    </section>
  );
}
