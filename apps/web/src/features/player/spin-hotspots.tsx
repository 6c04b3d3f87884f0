import type { PlayerDamage } from '@forecourt/contracts';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { track } from './engagement-beacon';
import css from './player.module.css';

/** The damages on the frame shown, as numbered buttons at their spots (fractions of the frame). */
export function SpinHotspots({
  damages,
  all,
  onOpen,
}: {
  damages: PlayerDamage[];
  all: PlayerDamage[];
  onOpen: (d: PlayerDamage) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className={css.hotspots}>
      {damages.map((d) => {
        const number = all.indexOf(d) + 1;
        return (
          <button
            key={d.id}
            type="button"
            className={css.hotspot}
            style={{ left: `${d.x * 100}%`, top: `${d.y * 100}%` }}
            aria-haspopup="dialog"
            aria-label={damageName(t, d, number)}
            data-testid="damage-hotspot"
            onClick={() => onOpen(d)}
          >
            {number}
          </button>
        );
      })}
    </div>
  );
}

type T = ReturnType<typeof useTranslation>['t'];
const damageName = (t: T, d: PlayerDamage, number: number) =>
  t('publicPlayer.damages.hotspot', {
    number,
    kind: t(`publicPlayer.damages.kind.${d.kind}`),
    severity: t(`publicPlayer.damages.severity.${d.severity}`),
  });

/**
 * Every damage of the spin as a list below it, so that keyboard and screen reader users reach each one
 * without turning the vehicle to its frame: a button turns to the frame and opens the damage.
 */
export function DamageList({ damages, onOpen }: { damages: PlayerDamage[]; onOpen: (d: PlayerDamage) => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section className={css.damageList} aria-labelledby={titleId}>
      <h2 id={titleId} className={css.title}>
        {t('publicPlayer.damages.listTitle', { count: damages.length })}
      </h2>
      <ul>
        {damages.map((d, i) => (
          <li key={d.id}>
            <button
              type="button"
              className={css.linkButton}
              aria-haspopup="dialog"
              data-testid="damage-list-item"
              onClick={() => onOpen(d)}
            >
              {damageName(t, d, i + 1)}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One damage: its photo, kind, severity and place on the vehicle, in a modal dialog (Escape closes it). */
export function DamageDialog({
  damage,
  number,
  onClose,
}: {
  damage: PlayerDamage;
  number: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    track({ k: 'hotspot', id: damage.id });
    return () => dialog?.close();
  }, [damage.id]);
  return (
    <dialog
      ref={ref}
      className={css.damageDialog}
      aria-labelledby={titleId}
      onClose={onClose}
      data-testid="damage-dialog"
    >
      <h2 id={titleId} className={css.title}>
        {t('publicPlayer.damages.title', { number })}
      </h2>
      {damage.photoUrl && (
        <img src={damage.photoUrl} alt={t('publicPlayer.damages.photo')} className={css.damagePhoto} />
      )}
      <dl className={css.damageFacts}>
        <dt>{t('publicPlayer.damages.kindLabel')}</dt>
        <dd>{t(`publicPlayer.damages.kind.${damage.kind}`)}</dd>
        <dt>{t('publicPlayer.damages.severityLabel')}</dt>
        <dd>{t(`publicPlayer.damages.severity.${damage.severity}`)}</dd>
        <dt>{t('publicPlayer.damages.zoneLabel')}</dt>
        <dd>{t(`publicPlayer.damages.zone.${damage.zone}`)}</dd>
      </dl>
      <button type="button" className={css.button} onClick={onClose}>
        {t('publicPlayer.damages.close')}
      </button>
    </dialog>
  );
}
