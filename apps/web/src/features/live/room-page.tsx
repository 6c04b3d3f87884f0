import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useQuery } from '@tanstack/react-query';
import { startTransition, useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/http';
import { useAuth } from '../../auth/auth-context';
import { useSnackbar } from '../../components/snackbar';
import type { LiveRoomInfo, LiveToken } from '@forecourt/contracts';
import { hasOption } from '@forecourt/contracts/options';
import { useUserOptions } from '../../access/user-options';
import { needsOtherBrowser } from './browser-support';
import { CallEnded } from './call-ended';
import { CallView } from './call-view';
import { useTransportEvents } from './hooks/use-call';
import { useLocalMedia } from './hooks/use-local-media';
import { joinFailureKey, roomHasEnded } from './join-failure';
import { endRoomForAll, fetchLiveOptions, fetchRoomInfo, fetchToken } from './live-api';
import { LobbyPresence } from './lobby-presence';
import { MediaErrorDialog } from './media-error-dialog';
import { initialRoomState, needsMedia, roomReducer } from './room-machine';
import { RoomPreview } from './room-preview';
import { RoomRecordings } from './room-recordings';
import { ChangeBrowser, RoomClosed, RoomInfoError } from './room-screens';
import type { MediaTransport, TransportEvent } from './transport/media-transport';
import { P2pTransport } from './transport/p2p-transport';
import { RoomEndedError } from './transport/signalled-transport';
import { SfuTransport } from './transport/sfu-transport';
import { liveKeys } from './live-keys';

/**
 * A token to rejoin with after the signalling socket dropped. A refusal of the room itself (a 4xx: the
 * code no longer works, the session ended) is final, the room's end told apart (the page shows it closed);
 * anything else (network, server restarting) is tried again.
 */
const renewToken = (identity: string, room: string, code: string | null, previous: string) =>
  fetchToken(identity, room, code, previous).then(
    (t) => t.access_token,
    (err: unknown) => {
      if (roomHasEnded(err)) throw new RoomEndedError();
      if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 408 && err.status !== 429)
        return null;
      throw err;
    },
  );

/** A room token fetched while the preview shows; null when that fetch failed (the join fetches its own). */
interface EarlyToken {
  identity: string;
  at: number;
  token: Promise<LiveToken | null>;
  /** The token once fetched (undefined before): the click on join uses it without waiting a turn of the event loop. */
  value?: LiveToken | null;
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
  const info = useQuery({
    queryKey: liveKeys.room(idLiveVideo, code),
    queryFn: () => fetchRoomInfo(idLiveVideo, code),
    retry: false,
    staleTime: Infinity,
  });
  const options = useQuery({
    queryKey: liveKeys.options(idLiveVideo, code),
    queryFn: () => fetchLiveOptions(idLiveVideo, code),
    enabled: info.isSuccess,
    staleTime: Infinity,
  });
  const { options: userOptions } = useUserOptions();
  const media = useLocalMedia(needsMedia(state) && options.isSuccess, options.data?.media ?? null);
  // The driver the room options name: the page and its hooks are the same for both.
  const driver = options.data?.driver ?? 'p2p';
  const transport = useMemo<MediaTransport>(
    () => (driver === 'sfu' ? new SfuTransport() : new P2pTransport()),
    [driver],
  );

  useEffect(() => {
    if (info.isSuccess)
      dispatch({ type: 'loaded', room: info.data, browserSupported: !needsOtherBrowser(navigator.userAgent) });
    if (info.isError) dispatch({ type: 'loadFailed' });
  }, [info.isSuccess, info.isError, info.data]);
  useEffect(() => {
    if (options.isError) dispatch({ type: 'loadFailed' });
  }, [options.isError]);
  useEffect(() => () => transport.leave(), [transport]);

  const profile = auth.user?.profile;
  const selfName = auth.isAuthenticated
    ? (profile?.name ?? ([profile?.given_name, profile?.family_name].filter(Boolean).join(' ') || t('rooms.guest')))
    : t('rooms.guest');

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
      const ahead: EarlyToken = {
        identity: selfName,
        at: Date.now(),
        token: fetchToken(selfName, previewRoom.room_name, code).catch(() => null),
      };
      void ahead.token.then((token) => (ahead.value = token));
      early.current = ahead;
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
      void transport.wait({
        token: token.access_token,
        iceServers: token.iceServers,
        media: live.media,
        renewToken: (previous) => renewToken(selfName, roomName, code, previous),
      });
    });
    return () => {
      cancelled = true;
    };
  }, [previewRoom, stream, options.data, selfName, code, transport]);

  // Joining: a token for this room and identity, then the transport with the local tracks. Started by the
  // click itself, not by an effect of the next render: from the lobby, with the token fetched ahead, the
  // `join` leaves before React renders anything (bench live's trace: an effect sent it 350 ms after the
  // click, behind the render of the joining page). A newer attempt, a leave or the end of the page cancels it.
  const attempt = useRef(0);
  /** A join was started for the current stay in joining/live. */
  const started = useRef(false);
  const beginJoin = (room: LiveRoomInfo) => {
    if (!stream || !options.data) return;
    started.current = true;
    const id = ++attempt.current;
    const current = () => attempt.current === id;
    const live = options.data;
    const ahead = early.current;
    early.current = null;
    const usable =
      ahead && ahead.identity === selfName && Date.now() - ahead.at <= EARLY_TOKEN_MAX_AGE_MS ? ahead : null;
    const enter = async (token: LiveToken) => {
      if (!current()) return;
      transport.publish(stream);
      await transport.join({
        token: token.access_token,
        iceServers: token.iceServers,
        media: live.media,
        renewToken: (previous) => renewToken(selfName, room.room_name, code, previous),
      });
      if (current()) dispatch({ type: 'joined' });
    };
    const fail = (err: unknown) => {
      if (!current()) return;
      transport.leave();
      if (roomHasEnded(err)) return dispatch({ type: 'roomEnded' });
      snackbar.show(joinFailureKey(err));
      dispatch({ type: 'connectionFailed' });
    };
    // The token at hand: the join goes out synchronously, in this click's task.
    const entering = usable?.value
      ? enter(usable.value)
      : (usable?.token ?? Promise.resolve(null))
          .then((token) => token ?? fetchToken(selfName, room.room_name, code))
          .then(enter);
    entering.catch(fail);
  };
  useEffect(() => {
    if (state.status === 'joining' || state.status === 'live') return;
    attempt.current++;
    started.current = false;
  }, [state.status]);
  // Back to the call from its end: the camera and microphone are captured again first, then the join goes.
  const joiningRoom = state.status === 'joining' ? state.room : null;
  useEffect(() => {
    if (joiningRoom && !started.current) beginJoin(joiningRoom);
  });
  useEffect(
    () => () => {
      attempt.current++;
    },
    [],
  );

  useEffect(() => {
    if (state.status === 'ended' || state.status === 'preview' || state.status === 'closed') transport.leave();
  }, [state.status, transport]);

  useTransportEvents(
    transport,
    useCallback(
      (e: TransportEvent) => {
        if (e.type === 'disconnected') dispatch({ type: 'disconnected' });
        if (e.type === 'roomEnded') dispatch({ type: 'roomEnded' });
      },
      [dispatch],
    ),
  );

  // The room's recordings, for its dealers (signed in with the live option: the room's own users reach it without the code).
  const roomId = state.status === 'loading' || state.status === 'error' ? null : state.room.id_live_video;
  const recordings =
    roomId && auth.isAuthenticated && hasOption(userOptions, 'useVideoLive') ? (
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
    case 'closed':
      return <RoomClosed ownerName={state.room.ownerName} />;
    case 'preview': {
      const room = state.room;
      return (
        <>
          <RoomPreview
            room={room}
            media={media}
            failed={state.failed}
            onJoin={() => {
              beginJoin(room);
              // The call view is drawn as a transition: a click's update would be rendered whole in the
              // click's own task (0.8–1.2 s on a busy page with four in the call: bench live's profile), and
              // the page would handle no message meanwhile (`entered`, the others' media).
              startTransition(() => dispatch({ type: 'join' }));
            }}
            presence={<LobbyPresence transport={transport} />}
          />
          {recordings}
          {mediaError}
        </>
      );
    }
    // The call shows from the click on: its view is drawn while the server lets this page in and the others
    // start their media, instead of after (its first render is the page's longest task of the join: bench
    // live's LIVE_PROFILE). Until then it says it waits for the others; a refused join goes back to the preview.
    case 'joining':
    case 'live':
      return (
        <>
          <CallView
            room={state.room}
            transport={transport}
            media={media}
            selfName={selfName}
            emailSender={
              auth.user?.profile.preferred_username && hasOption(userOptions, 'useSendEmail')
                ? auth.user.profile.preferred_username
                : null
            }
            recordable={driver === 'sfu'}
            onHangUp={() => dispatch({ type: 'hangUp' })}
          />
          {mediaError}
        </>
      );
    case 'ended':
      return (
        <>
          <CallEnded
            signedIn={auth.isAuthenticated}
            roomId={state.room.id_live_video}
            code={code}
            onBackToCall={() => dispatch({ type: 'backToCall' })}
            onEndForAll={
              // The room's dealers (the server answers 404 to anyone else): those still in the call are closed
              // with LIVE_CLOSE.ROOM_ENDED and see it ended; this page shows it closed too.
              roomId && auth.isAuthenticated && hasOption(userOptions, 'useVideoLive')
                ? () => endRoomForAll(roomId).then(() => dispatch({ type: 'roomEnded' }))
                : undefined
            }
          />
          {recordings}
        </>
      );
  }
}
