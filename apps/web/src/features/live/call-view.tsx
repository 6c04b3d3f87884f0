import type { LiveRoomInfo } from '@forecourt/contracts';
import FiberManualRecordIcon from '@mui/icons-material/FiberManualRecord';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import {
  type ComponentProps,
  memo,
  startTransition,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useUserAccess } from '../../access/user-access';
import { useSnackbar } from '../../components/snackbar';
import { mayReadOutbox } from '../sharing/outbox-link';
import { CallControls } from './call-controls';
import { CallSettingsDialog } from './call-settings-dialog';
import { useCallSnapshot, useDominantSpeaker, useTransportEvents } from './hooks/use-call';
import type { LocalMedia } from './hooks/use-local-media';
import { useMatchMedia } from './hooks/use-match-media';
import { useScreenShare } from './hooks/use-screen-share';
import { setRecording } from './live-api';
import { ParticipantsPanel } from './participants-panel';
import { RoomEmailDialog } from './room-email-dialog';
import { RoomNotices } from './room-notices';
import type { MediaTransport, RemoteParticipant, TransportEvent } from './transport/media-transport';
import { VehicleSpin } from './vehicle-spin';
import { VideoView } from './video-view';
import { liveKeys } from './live-keys';

/** The participants panel is open by default above this width (spec section 9). */
const PANEL_OPEN_ABOVE_PX = 850;
const NOTICE_MS = 4000;
/** The panel and the controls come at the first frame of the main video, or after this at the latest. */
const COMPLETE_AFTER_MS = 2000;
const NOBODY: RemoteParticipant[] = [];

const RemoteAudio = memo(function RemoteAudio({ stream }: { stream: MediaStream | null }) {
  const ref = useRef<HTMLAudioElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.srcObject !== stream) ref.current.srcObject = stream;
  }, [stream]);
  // eslint-disable-next-line jsx-a11y/media-has-caption -- a live call's sound has no caption track to give
  return <audio ref={ref} autoPlay />;
});

/** The others' sound, one element each (memo: a render of the call for anything else leaves them be). */
const RemoteAudios = memo(function RemoteAudios({ participants }: { participants: RemoteParticipant[] }) {
  return participants.map((p) => <RemoteAudio key={p.id} stream={p.stream} />);
});
const Panel = memo(ParticipantsPanel);

/**
 * The in-call e-mail dialog, whose success links to the outbox for those who may read it, as the rooms list's
 * does. Mounted for a signed-in sender only, so that a guest's call never asks for an access it has not.
 */
function CallEmailDialog(props: Omit<ComponentProps<typeof RoomEmailDialog>, 'canReadOutbox'>) {
  const access = useUserAccess();
  return <RoomEmailDialog {...props} canReadOutbox={mayReadOutbox(access.data?.user.habilitations ?? [])} />;
}

interface Props {
  room: LiveRoomInfo;
  transport: MediaTransport;
  media: LocalMedia;
  selfName: string;
  /** The signed-in sender, when they may e-mail the link. */
  emailSender: string | null;
  /** Whether this call goes through the SFU, the only driver that can record it. */
  recordable: boolean;
  onHangUp: () => void;
}

/** The call: main video (pinned, else dominant speaker), own thumbnail, panel, controls, settings. */
export function CallView({ room, transport, media, selfName, emailSender, recordable, onHangUp }: Props) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const [recordingBusy, setRecordingBusy] = useState(false);
  const snap = useCallSnapshot(transport);
  const narrow = useMatchMedia(`(max-width:${PANEL_OPEN_ABOVE_PX}px)`);
  const [panelOpen, setPanelOpen] = useState(!narrow);
  // A phone turned, or a window narrowed, past the breakpoint gets that width's default: on a phone a panel
  // left open from the wide layout would take most of the screen from the video and its messages.
  const [panelWidthNarrow, setPanelWidthNarrow] = useState(narrow);
  if (panelWidthNarrow !== narrow) {
    setPanelWidthNarrow(narrow);
    setPanelOpen(!narrow);
  }
  const [pinned, setPinned] = useState<string | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [emailOpen, setEmailOpen] = useState(false);
  const [notice, setNotice] = useState<{ key: string; name: string; id: number } | null>(null);
  // The first render draws the call's shell: its videos (what the first remote frame needs). The panel, the
  // controls and the dialogs follow once the main video shows its first frame (or nobody is there to show,
  // or after COMPLETE_AFTER_MS), in a transition: drawn at the click, even in slices, their commit, styles
  // and layout were the joiner's long tasks while the others started their media to it and its own
  // decoders started (bench live's LIVE_PROFILE), on the 2 cores it shares with them.
  const [complete, setComplete] = useState(false);
  const [firstFrame, setFirstFrame] = useState(false);
  const nobodyToShow = snap.connection === 'connected' && snap.participants.length === 0;
  useEffect(() => {
    if (complete) return;
    if (firstFrame || nobodyToShow) return startTransition(() => setComplete(true));
    const timer = window.setTimeout(() => startTransition(() => setComplete(true)), COMPLETE_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [complete, firstFrame, nobodyToShow]);
  const onFirstFrame = useCallback(() => setFirstFrame(true), []);
  const dominant = useDominantSpeaker(transport, complete);
  const camera = media.stream?.getVideoTracks()[0] ?? null;
  const screen = useScreenShare(transport, camera);
  const selfStream = useMemo(
    () => (screen.screen ? new MediaStream([screen.screen]) : media.stream),
    [screen.screen, media.stream],
  );

  useTransportEvents(
    transport,
    useCallback((e: TransportEvent) => {
      // Notices wait for the urgent work: on a join, the newcomer's media starts first.
      if (e.type === 'participantJoined')
        startTransition(() =>
          setNotice({ key: 'rooms.participantJoined', name: e.participant.identity, id: Date.now() }),
        );
      if (e.type === 'participantLeft')
        startTransition(() =>
          setNotice({ key: 'rooms.participantLeaved', name: e.participant.identity, id: Date.now() }),
        );
    }, []),
  );
  useEffect(() => {
    if (!notice) return;
    const timer = window.setTimeout(() => setNotice(null), NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [notice]);
  useEffect(() => {
    transport.setMediaState({ audio: media.audioOn, video: media.videoOn, screen: screen.sharing });
  }, [transport, media.audioOn, media.videoOn, screen.sharing]);

  // A camera chosen anew during the call goes out at once; the screen, while shared, stays.
  useEffect(() => {
    if (!media.stream) return;
    void transport.replaceTrack('audio', media.stream.getAudioTracks()[0] ?? null);
    if (!screen.sharing) void transport.replaceTrack('video', media.stream.getVideoTracks()[0] ?? null);
  }, [transport, media.stream, screen.sharing]);

  const toggleScreen = () => {
    if (screen.sharing) screen.stop();
    else screen.start().catch(() => snackbar.show('rooms.screenShareFailed'));
  };
  const others = snap.participants;
  // The panel and the sound elements follow a change of the participants in a later, interruptible render
  // (a resident's page, when someone joins, turns its encodings on for them first: PeerLink.release), and
  // come after the shell's first render on the joiner's (each element's stream attached is a player made).
  const listed = useDeferredValue(others, NOBODY);
  const main = others.find((p) => p.id === pinned) ?? others.find((p) => p.id === dominant) ?? others[0] ?? null;
  const mainId = main?.id ?? null;
  useEffect(() => transport.showLarge?.(mainId), [transport, mainId]);
  const playerRef = room.vehicle?.playerRef ?? null;
  const host = snap.self?.host ?? false;
  const spinShown = snap.spin !== null && playerRef !== null;
  // The indicator follows what the server announces; the button only asks for the change.
  const toggleRecording = () => {
    setRecordingBusy(true);
    setRecording(room.id_live_video, !snap.recording)
      .catch(() => snackbar.show('rooms.recording.failed'))
      .finally(() => {
        setRecordingBusy(false);
        void queryClient.invalidateQueries({ queryKey: liveKeys.recordings(room.id_live_video) });
      });
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: 'calc(100dvh - 64px)', bgcolor: 'grey.900' }}>
      <Typography
        component="h1"
        sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
      >
        {room.session_name}
      </Typography>
      {/* Narrow, the panel opened goes under the video, full width: beside it, its 300 px left a phone's video
          (and the waiting message) less than a third of the screen. */}
      <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: narrow ? 'column' : 'row' }}>
        <Box
          sx={{
            flex: 1,
            minWidth: 0,
            position: 'relative',
            display: 'flex',
            flexDirection: spinShown && !narrow ? 'row' : 'column',
          }}
        >
          <RoomNotices notice={notice} />
          {snap.recording && (
            <Chip
              role="status"
              data-testid="recording-indicator"
              icon={<FiberManualRecordIcon sx={{ '&&': { color: 'common.white' } }} />}
              label={t('rooms.recording.indicator')}
              sx={{
                position: 'absolute',
                top: 8,
                left: 8,
                zIndex: 2,
                bgcolor: 'error.dark',
                color: 'common.white',
                fontWeight: 600,
              }}
            />
          )}
          {snap.connection === 'reconnecting' && (
            <Alert
              severity="warning"
              role="status"
              data-testid="reconnecting"
              sx={{ position: 'absolute', top: 56, left: '50%', transform: 'translateX(-50%)', zIndex: 2 }}
            >
              {t('rooms.reconnecting')}
            </Alert>
          )}
          {spinShown && (
            <Box sx={{ flex: 1, minHeight: 0, minWidth: 0 }}>
              <VehicleSpin
                playerRef={playerRef}
                registration={room.vehicle!.registration}
                frame={snap.spin!.frame}
                host={host}
                onTurn={(frame) => transport.setSpin({ frame })}
              />
            </Box>
          )}
          <Box sx={{ flex: 1, minHeight: 0, minWidth: 0, position: 'relative' }}>
            {main ? (
              <VideoView
                stream={main.stream}
                muted
                fit="contain"
                label={t('rooms.mainVideo', { name: main.identity })}
                testId="main-video"
                onFirstFrame={onFirstFrame}
              />
            ) : (
              <Typography sx={{ color: 'common.white', display: 'grid', placeItems: 'center', height: '100%' }}>
                {t('rooms.waiting')}
              </Typography>
            )}
            {main && (
              <Typography
                sx={{
                  position: 'absolute',
                  left: 8,
                  bottom: 8,
                  color: 'common.white',
                  bgcolor: 'rgba(0,0,0,0.6)',
                  px: 1,
                  borderRadius: 1,
                }}
              >
                {main.identity}
              </Typography>
            )}
            <Box
              sx={{
                position: 'absolute',
                right: 8,
                bottom: 8,
                width: { xs: 120, sm: 180 },
                aspectRatio: '3 / 2',
                borderRadius: 1,
                overflow: 'hidden',
                boxShadow: 4,
                border: 2,
                borderColor: 'common.white',
              }}
            >
              <VideoView
                stream={selfStream}
                muted
                mirrored={!screen.sharing}
                label={t('rooms.preview.self')}
                testId="self-video"
              />
            </Box>
          </Box>
          <RemoteAudios participants={listed} />
        </Box>
        {complete && panelOpen && (
          <Panel selfName={selfName} participants={listed} pinned={pinned} onPin={setPinned} stacked={narrow} />
        )}
      </Box>
      {complete && (
        <>
          <CallControls
            media={media}
            sharing={screen.sharing}
            onScreen={toggleScreen}
            panelOpen={panelOpen}
            onPanel={() => setPanelOpen((o) => !o)}
            onSettings={() => setSettingsOpen(true)}
            spin={
              host && playerRef
                ? { shown: snap.spin !== null, toggle: () => transport.setSpin(snap.spin ? null : { frame: 0 }) }
                : null
            }
            recording={
              host ? { on: snap.recording, available: recordable, busy: recordingBusy, toggle: toggleRecording } : null
            }
            onHangUp={onHangUp}
          />
          <CallSettingsDialog
            open={settingsOpen}
            onClose={() => setSettingsOpen(false)}
            link={room.link}
            onEmail={
              emailSender
                ? () => {
                    setSettingsOpen(false);
                    setEmailOpen(true);
                  }
                : null
            }
          />
          {emailSender && (
            <CallEmailDialog
              open={emailOpen}
              onClose={() => setEmailOpen(false)}
              room={{ id: room.id_live_video, name: room.session_name, link: room.link }}
              userId={emailSender}
            />
          )}
        </>
      )}
    </Box>
  );
}
