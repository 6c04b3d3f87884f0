import type { PlayerOptions } from '@forecourt/contracts';
import { useQuery } from '@tanstack/react-query';
import { lazy, startTransition, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContactCard } from './contact-card';
import { startBeacon } from './engagement-beacon';
import { EngagementNotice } from './engagement-notice';
import { getPlayerOptions, inlinePlayerOptions, postWatched } from './player-api';
import { PlayerVideo } from './player-video';
import { RatingBlock } from './rating-block';
import { SpinViewer } from './spin-viewer';
import css from './player.module.css';
import { playerKeys } from './player-keys';

const PanoramaViewer = lazy(() => import('./panorama-viewer').then((m) => ({ default: m.PanoramaViewer })));

/**
 * /public/player/{reference}: what a dealer's customer opens from a shared link (spec sections 2 and 4).
 * Plain elements with static CSS (player.module.css) in the portal's colours (player-theme.ts): its renders
 * insert no style and mount no MUI control, which keeps them short on a phone; the rating comes in a
 * second pass, once the media shows. It is the whole page of its own entry (player-main.tsx), outside the
 * portal's router and frame.
 */
export function PublicPlayerPage({ reference }: { reference: string }) {
  const { t } = useTranslation();
  const options = useQuery({
    queryKey: playerKeys.options(reference),
    queryFn: ({ signal }) => getPlayerOptions(reference, signal),
    // The server hands a valid player's options with the page; the call is for when it did not.
    initialData: () => inlinePlayerOptions(reference),
    retry: 1,
    staleTime: Infinity,
  });

  let content;
  if (options.isPending) {
    content = (
      <div className={css.loading}>
        <div role="progressbar" aria-label={t('common.loading')} className={css.spinner} />
      </div>
    );
  } else if (options.isError) {
    content = (
      <div className={css.failure}>
        <p role="alert">{t('publicPlayer.error')}</p>
        <button type="button" className={css.button} onClick={() => void options.refetch()}>
          {t('common.refresh')}
        </button>
      </div>
    );
  } else content = <AvailablePlayer options={options.data} />;
  return <div className={css.player}>{content}</div>;
}

/** Runs `fn` when the browser is idle (at most a second later), not in the middle of its work. */
function whenIdle(fn: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(fn, { timeout: 1000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(fn, 1);
  return () => window.clearTimeout(id);
}

function AvailablePlayer({ options }: { options: PlayerOptions }) {
  const { t } = useTranslation();
  const watched = useRef(false);
  const spin = options.state === 'AVAILABLE' && options.shootingType !== 'VIDEO' && options.frames.length > 0;
  // The second pass (the rating) waits for the media's first frame, then for an idle moment.
  const [shown, setShown] = useState(!spin);
  const [extras, setExtras] = useState(false);
  const onShown = useCallback(() => setShown(true), []);
  useEffect(() => (shown ? whenIdle(() => startTransition(() => setExtras(true))) : undefined), [shown]);
  useEffect(() => {
    if (watched.current) return;
    watched.current = true;
    // Counting views must never disturb the visitor: a failure is ignored.
    postWatched(options.ref).catch(() => undefined);
    startBeacon(options.ref);
  }, [options.ref]);

  return (
    <>
      <header className={css.header}>
        {/* Sized so the header never shifts when the logo arrives. */}
        <img
          src={options.logoUrl ?? '/favicon.svg'}
          alt={t('publicPlayer.logo')}
          width={160}
          height={40}
          className={css.logo}
        />
      </header>
      <main className={css.layout}>
        <div>
          <h1 className={css.visuallyHidden}>{t('publicPlayer.title')}</h1>
          <PlayerMedia options={options} onShown={onShown} />
        </div>
        <div className={css.side}>
          <ContactCard items={options.contactInformations} phone={options.phone} />
          {options.webinarUrl && (
            <a href={options.webinarUrl} target="_blank" rel="noopener noreferrer" className={css.buttonOutlined}>
              {t('publicPlayer.webinar')}
            </a>
          )}
          {/* Drawn with the page, above what the second pass adds: the rating arriving above it would move
              it on a phone's screen (a layout shift of 0.10 in Lighthouse's mobile run of a personal link). */}
          <EngagementNotice />
          {extras && options.state === 'AVAILABLE' && <RatingBlock playerRef={options.ref} />}
        </div>
      </main>
    </>
  );
}

function PlayerMedia({ options, onShown }: { options: PlayerOptions; onShown: () => void }) {
  const { t } = useTranslation();
  if (options.state === 'UNDER_CONSTRUCTION') {
    return (
      <p role="status" className={css.status}>
        {t('publicPlayer.underConstruction')}
      </p>
    );
  }
  if (options.shootingType === 'VIDEO') return <PlayerVideo video={options.video} />;
  const nothing = options.frames.length === 0 && !options.panoramaUrl;
  return (
    <>
      {options.frames.length > 0 && (
        <SpinViewer
          playerRef={options.ref}
          frames={options.frames}
          damages={options.damages}
          editedFrames={options.editedFrames}
          onShown={onShown}
        />
      )}
      {options.panoramaUrl && (
        <Suspense fallback={<div role="progressbar" aria-label={t('common.loading')} className={css.spinner} />}>
          <PanoramaViewer url={options.panoramaUrl} />
        </Suspense>
      )}
      {nothing && <p role="status">{t('publicPlayer.error')}</p>}
    </>
  );
}
