import type { PlayerOptions } from '@forecourt/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { lazy, startTransition, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { ContactCard } from './contact-card';
import { getPlayerOptions, inlinePlayerOptions, postWatched } from './player-api';
import { PlayerVideo } from './player-video';
import { RatingBlock } from './rating-block';
import { SpinViewer } from './spin-viewer';

const PanoramaViewer = lazy(() => import('./panorama-viewer').then((m) => ({ default: m.PanoramaViewer })));

/** /public/player/{reference}: what a dealer's customer opens from a shared link (spec sections 2 and 4). */
export function PublicPlayerPage() {
  const { t } = useTranslation();
  const { reference = '' } = useParams();
  const options = useQuery({
    queryKey: ['player-options', reference],
    queryFn: ({ signal }) => getPlayerOptions(reference, signal),
    // The server hands a valid player's options with the page; the call is for when it did not.
    initialData: () => inlinePlayerOptions(reference),
    retry: 1,
    staleTime: Infinity,
  });

  if (options.isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh' }}>
        <CircularProgress aria-label={t('common.loading')} />
      </Box>
    );
  }
  if (options.isError) {
    return (
      <Box sx={{ display: 'grid', gap: 2, justifyItems: 'center', py: 10, px: 2, textAlign: 'center' }}>
        <Typography role="alert">{t('publicPlayer.error')}</Typography>
        <Button variant="contained" onClick={() => void options.refetch()}>
          {t('common.refresh')}
        </Button>
      </Box>
    );
  }
  return <AvailablePlayer options={options.data} />;
}

function AvailablePlayer({ options }: { options: PlayerOptions }) {
  const { t } = useTranslation();
  const watched = useRef(false);
  // The side column (contact, webinar, rating) comes in a second, interruptible render: the spin's first
  // commit stays short, which keeps a phone's main thread free while the first frame paints.
  const [sideShown, setSideShown] = useState(false);
  useEffect(() => startTransition(() => setSideShown(true)), []);
  useEffect(() => {
    if (watched.current) return;
    watched.current = true;
    // Counting views must never disturb the visitor: a failure is ignored.
    postWatched(options.ref).catch(() => undefined);
  }, [options.ref]);

  return (
    <Box sx={{ minHeight: '100vh' }}>
      <Box
        component="header"
        sx={{ display: 'flex', alignItems: 'center', px: 2, height: 64, borderBottom: 1, borderColor: 'divider' }}
      >
        {/* Sized so the header never shifts when the logo arrives. */}
        <img
          src={options.logoUrl ?? '/favicon.svg'}
          alt={t('publicPlayer.logo')}
          width={160}
          height={40}
          style={{ objectFit: 'contain', objectPosition: 'left center' }}
        />
      </Box>
      {/* SPIN_SIZES (contracts/player-media.ts) mirrors this grid: change both together. */}
      <Box
        component="main"
        sx={{
          display: 'grid',
          gap: 2,
          p: { xs: 1, sm: 2 },
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 3fr) minmax(280px, 1fr)' },
          maxWidth: 1600,
          mx: 'auto',
        }}
      >
        <Box>
          <Typography variant="h5" component="h1" sx={visuallyHiddenTitle}>
            {t('publicPlayer.title')}
          </Typography>
          <PlayerMedia options={options} />
        </Box>
        <Box sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
          {sideShown && (
            <>
              <ContactCard items={options.contactInformations} phone={options.phone} />
              {options.webinarUrl && (
                <Button variant="outlined" href={options.webinarUrl} target="_blank" rel="noopener noreferrer">
                  {t('publicPlayer.webinar')}
                </Button>
              )}
              {options.state === 'AVAILABLE' && <RatingBlock playerRef={options.ref} />}
            </>
          )}
        </Box>
      </Box>
    </Box>
  );
}

function PlayerMedia({ options }: { options: PlayerOptions }) {
  const { t } = useTranslation();
  if (options.state === 'UNDER_CONSTRUCTION') {
    return (
      <Typography role="status" sx={{ py: 8, textAlign: 'center' }}>
        {t('publicPlayer.underConstruction')}
      </Typography>
    );
  }
  if (options.shootingType === 'VIDEO') return <PlayerVideo video={options.video} />;
  const nothing = options.frames.length === 0 && !options.panoramaUrl;
  return (
    <>
      {options.frames.length > 0 && <SpinViewer playerRef={options.ref} frames={options.frames} />}
      {options.panoramaUrl && (
        <Suspense fallback={<CircularProgress aria-label={t('common.loading')} />}>
          <PanoramaViewer url={options.panoramaUrl} />
        </Suspense>
      )}
      {nothing && <Typography role="status">{t('publicPlayer.error')}</Typography>}
    </>
  );
}

const visuallyHiddenTitle = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
} as const;
