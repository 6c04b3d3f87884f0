import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/http';
import { useAuth } from '../../auth/auth-context';
import { useSnackbar } from '../../components/snackbar';
import type { LiveToken } from '@forecourt/contracts';
import { hasOption } from '@forecourt/contracts/options';
import { useUserOptions } from '../access/user-options';
import { needsOtherBrowser } from './browser-support';
import { CallEnded } from './call-ended';
import { CallView } from './call-view';
import { useTransportEvents } from './hooks/use-call';
import { useLocalMedia } from './hooks/use-local-media';
import { fetchLiveOptions, fetchRoomInfo, fetchToken } from './live-api';
import { LobbyPresence } from './lobby-presence';
import { MediaErrorDialog } from './media-error-dialog';
import { initialRoomState, needsMedia, roomReducer } from './room-machine';
import { RoomPreview } from './room-preview';
import { RoomRecordings } from './room-recordings';
import { ChangeBrowser, RoomInfoError } from './room-screens';
import type { MediaTransport, TransportEvent } from './transport/media-transport';
import { P2pTransport } from './transport/p2p-transport';
import { SfuTransport } from './transport/sfu-transport';

/**
 * A token to rejoin with after the signalling socket dropped. A refusal of the room itself (a 4xx: the
 * code no longer works, the session ended) is final; anything else (network, server restarting) is tried again.
 */
const renewToken = (identity: string, room: string, code: string | null, previous: string) =>
  fetchToken(identity, room, code, previous).then(
    (t) => t.access_token,
    (err: unknown) => {
      if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 408 && err.status !== 429) return null;
      throw err;
    },
  );

/** A room token fetched while the preview shows; null when that fetch failed (the join fetches its own). */
interface EarlyToken {
  identity: string;
  at: number;
  token: Promise<LiveToken | null>;
}
/** A token fetched ahead is used for a join within this: well inside its two minutes of life. */
const EARLY_TOKEN_MAX_AGE_MS = 60_000;

/** /videos/live/rooms/{idLiveVideo}?code=: the room page's states (room-machine.ts) over one transport. */
export function RoomPage() {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const { idLiveVideo = '' } = useParams();
  const [params] = useSearchParams();
  const code = params.get('code');
  const auth = useAuth();
  const [state, dispatch] = useReducer(roomReducer, initialRoomState);
  const info = useQuery({ queryKey: ['live', 'room', idLiveVideo, code], queryFn: () => fetchRoomInfo(idLiveVideo, code), retry: false, staleTime: Infinity });
  const options = useQuery({ queryKey: ['live', 'options', idLiveVideo, code], queryFn: () => fetchLiveOptions(idLiveVideo, code), enabled: info.isSuccess, staleTime: Infinity });
  const { options: userOptions } = useUserOptions();
  const media = useLocalMedia(needsMedia(state) && options.isSuccess, options.data?.media ?? null);
  // The driver the room options name: the page and its hooks are the same for both.
  const driver = options.data?.driver ?? 'p2p';
  const transport = useMemo<MediaTransport>(() => (driver === 'sfu' ? new SfuTransport() : new P2pTransport()), [driver]);

  useEffect(() => {
    if (info.isSuccess) dispatch({ type: 'loaded', room: info.data, browserSupported: !needsOtherBrowser(navigator.userAgent) });
    if (info.isError) dispatch({ type: 'loadFailed' });
  }, [info.isSuccess, info.isError, info.data]);
  useEffect(() => {
    if (options.isError) dispatch({ type: 'loadFailed' });
  }, [options.isError]);
  useEffect(() => () => transport.leave(), [transport]);

  const profile = auth.user?.profile;
  const selfName = auth.isAuthenticated ? (profile?.name ?? ([profile?.given_name, profile?.family_name].filter(Boolean).join(' ') || t('rooms.guest'))) : t('rooms.guest');

  // While the preview shows, what joining needs is made ahead: the room token (it lives two minutes; one
  // fetched for this identity in the last minute is used), the transport's first offer and, where the
  // driver has one, the lobby: the signalling socket opened as a waiting member, its connections to the
  // participants up with no media either way. The click on join then only lets the media flow.
  const stream = media.stream;
  const previewRoom = state.status === 'preview' ? state.room : null;
  const early = useRef<EarlyToken | null>(null);
  useEffect(() => {
    if (!previewRoom || !stream || !options.data) return;
    let cancelled = false;
    if (early.current?.identity !== selfName || Date.now() - early.current.at > EARLY_TOKEN_MAX_AGE_MS) {
      early.current = { identity: selfName, at: Date.now(), token: fetchToken(selfName, previewRoom.room_name, code).catch(() => null) };
    }
    // The token carries this participant's own TURN credentials: the connection made ahead gathers with
    // them (the room options' servers only when the token could not be had), and only while in preview.
    const fallback = options.data.iceServers;
    const live = options.data;
    const roomName = previewRoom.room_name;
    void early.current.token.then((token) => {
      if (cancelled) return;
      transport.prepare?.(token?.iceServers ?? fallback, stream);
      if (!token || !transport.wait) return;
      // The tracks are held back by the transport until the join: it only knows what to send then.
      transport.publish(stream);
      void transport.wait({ token: token.access_token, iceServers: token.iceServers, media: live.media, renewToken: (previous) => renewToken(selfName, roomName, code, previous) });
    });
    return () => {
      cancelled = true;
    };
  }, [previewRoom, stream, options.data, selfName, code, transport]);

  // Joining: a token for this room and identity, then the transport with the local tracks.
  const joining = state.status === 'joining';
  const room = state.status === 'joining' ? state.room : null;
  useEffect(() => {
    if (!joining || !room || !stream || !options.data) return;
    let cancelled = false;
    const live = options.data;
    const ahead = early.current;
    early.current = null;
    const fresh = ahead && ahead.identity === selfName && Date.now() - ahead.at <= EARLY_TOKEN_MAX_AGE_MS ? ahead.token : Promise.resolve(null);
    fresh
      .then((token) => token ?? fetchToken(selfName, room.room_name, code))
      .then(async (token) => {
        if (cancelled) return;
        transport.publish(stream);
        await transport.join({ token: token.access_token, iceServers: token.iceServers, media: live.media, renewToken: (previous) => renewToken(selfName, room.room_name, code, previous) });
        if (!cancelled) dispatch({ type: 'joined' });
      })
      .catch((err: unknown) => {
        if (cancelled) return;
        transport.leave();
        snackbar.show(err instanceof ApiError ? 'api.getTokenRoomLiveError' : 'rooms.roomConnexionFailed');
        dispatch({ type: 'connectionFailed' });
      });
    return () => {
      cancelled = true;
    };
  }, [joining, room, stream, options.data, selfName, code, transport, snackbar]);

  useEffect(() => {
    if (state.status === 'ended' || state.status === 'preview') transport.leave();
  }, [state.status, transport]);

  useTransportEvents(
    transport,
    useCallback((e: TransportEvent) => {
      if (e.type === 'disconnected') dispatch({ type: 'disconnected' });
    }, []),
  );

  // The room's recordings, for its dealers (signed in with the live option: the room's own users reach it without the code).
  const roomId = state.status === 'loading' || state.status === 'error' ? null : state.room.id_live_video;
  const recordings = roomId && auth.isAuthenticated && hasOption(userOptions, 'useVideoLive') ? (
    <Box sx={{ px: 2, pb: 4 }}>
      <RoomRecordings roomId={roomId} />
    </Box>
  ) : null;
  const mediaError = media.error ? <MediaErrorDialog error={media.error} onClose={media.clearError} /> : null;
  switch (state.status) {
    case 'loading':
      return (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
          <CircularProgress aria-label={t('common.loading')} />
        </Box>
      );
    case 'error':
      return <RoomInfoError wrongCode={info.error instanceof ApiError && info.error.code === 'WRONG_MEETING_CODE'} />;
    case 'changeBrowser':
      return <ChangeBrowser link={state.room.link} />;
    case 'preview':
    case 'joining':
      return (
        <>
          <RoomPreview room={state.room} media={media} failed={state.status === 'preview' && state.failed} joining={state.status === 'joining'} onJoin={() => dispatch({ type: 'join' })} presence={<LobbyPresence transport={transport} />} />
          {recordings}
          {mediaError}
        </>
      );
    case 'live':
      return (
        <>
          <CallView
            room={state.room}
            transport={transport}
            media={media}
            selfName={selfName}
            emailSender={auth.user?.profile.preferred_username && hasOption(userOptions, 'useSendEmail') ? auth.user.profile.preferred_username : null}
            recordable={driver === 'sfu'}
            onHangUp={() => dispatch({ type: 'hangUp' })}
          />
          {mediaError}
        </>
      );
    case 'ended':
      return (
        <>
          <CallEnded signedIn={auth.isAuthenticated} roomId={state.room.id_live_video} code={code} onBackToCall={() => dispatch({ type: 'backToCall' })} />
          {recordings}
        </>
      );
  }
}
