import { RATING_COMMENT_MAX, RATING_SCORE_MAX } from '@forecourt/contracts/player-media';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../components/snackbar-context';
import { ApiError } from '../../api/http';
import { postScoring } from './player-api';
import { hasRated, markRated } from './rated-players';
import { StarIcon } from './player-icons';
import { track } from './engagement-beacon';
import css from './player.module.css';

/** The block hides this long after a successful vote (spec section 9). */
export const RATING_HIDE_DELAY_MS = 500;

const SCORES = Array.from({ length: RATING_SCORE_MAX }, (_v, i) => i + 1);

/**
 * A visitor rates the player: a score, an optional comment; send waits for a score. Plain form controls
 * styled like the portal's (player.module.css): the stars are radios with their labels, as MUI's Rating
 * draws them, without the cost of MUI's style engine on a phone.
 */
export function RatingBlock({ playerRef }: { playerRef: string }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const [score, setScore] = useState(0);
  const [hover, setHover] = useState(0);
  const [comment, setComment] = useState('');
  const [hidden, setHidden] = useState(false);
  // Rated before in this browser (or refused by the server as a second rating): the form is not offered.
  const [received, setReceived] = useState(() => hasRated(playerRef));
  const id = useId();
  const send = useMutation({
    mutationFn: () => postScoring({ ref: playerRef, score, comment: comment.trim() || undefined }),
    onSuccess: () => {
      track({ k: 'rating', score });
      markRated(playerRef);
      snackbar.show('api.ratingSuccess', 'success');
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status === 409) {
        markRated(playerRef);
        setReceived(true);
      } else snackbar.show('api.ratingError');
    },
  });
  const locked = send.isPending || send.isSuccess;

  useEffect(() => {
    if (!send.isSuccess) return;
    const timer = window.setTimeout(() => setHidden(true), RATING_HIDE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [send.isSuccess]);

  if (hidden) return null;
  if (received) {
    return (
      <section className={css.card} data-testid="rating-received">
        <p role="status" style={{ margin: 0 }}>
          {t('publicPlayer.rating.received')}
        </p>
      </section>
    );
  }
  const shown = hover || score;
  return (
    <section aria-labelledby={`${id}-title`} data-testid="rating-block" className={css.card}>
      <h2 id={`${id}-title`} className={css.title}>
        {t('publicPlayer.rating.title')}
      </h2>
      <div role="radiogroup" aria-labelledby={`${id}-title`} className={css.stars}>
        {SCORES.map((value) => (
          <span key={value}>
            <input
              type="radio"
              id={`${id}-${value}`}
              name={`${id}-score`}
              value={value}
              checked={score === value}
              onChange={() => setScore(value)}
              disabled={locked}
              className={`${css.visuallyHidden} ${css.starInput}`}
            />
            <label
              htmlFor={`${id}-${value}`}
              className={value <= shown ? `${css.star} ${css.starFilled}` : css.star}
              onMouseEnter={() => !locked && setHover(value)}
              onMouseLeave={() => setHover(0)}
            >
              <StarIcon />
              <span className={css.visuallyHidden}>{t('publicPlayer.rating.scoreLabel', { count: value })}</span>
            </label>
          </span>
        ))}
      </div>
      <div className={css.field}>
        <label htmlFor={`${id}-comment`} className={css.contactLabel}>
          {t('publicPlayer.rating.comment')}
        </label>
        <textarea
          id={`${id}-comment`}
          rows={3}
          maxLength={RATING_COMMENT_MAX}
          value={comment}
          onChange={(e) => setComment(e.target.value.slice(0, RATING_COMMENT_MAX))}
          disabled={locked}
          aria-describedby={`${id}-count`}
          className={css.textarea}
        />
        <p id={`${id}-count`} className={css.helper}>{`${comment.length}/${RATING_COMMENT_MAX}`}</p>
      </div>
      <button type="button" className={css.button} onClick={() => send.mutate()} disabled={score === 0 || locked}>
        {t('publicPlayer.rating.send')}
      </button>
    </section>
  );
}
