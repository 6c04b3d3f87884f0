import type { LiveOptions } from '@forecourt/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';

/** Local storage keys of the chosen devices (spec section 3). */
export const AUDIO_DEVICE_KEY = 'forecourt.live.audioDeviceId';
export const VIDEO_DEVICE_KEY = 'forecourt.live.videoDeviceId';

const stored = (key: string) => {
  try {
    return localStorage.getItem(key) || undefined;
  } catch {
    return undefined;
  }
};

export interface LocalMedia {
  stream: MediaStream | null;
  audioOn: boolean;
  videoOn: boolean;
  error: unknown;
  devices: MediaDeviceInfo[];
  audioDeviceId: string | undefined;
  videoDeviceId: string | undefined;
  toggleAudio(): void;
  toggleVideo(): void;
  chooseDevice(kind: 'audio' | 'video', deviceId: string): void;
  clearError(): void;
}

const constraints = (media: LiveOptions['media'], audioId?: string, videoId?: string): MediaStreamConstraints => ({
  audio: audioId ? { deviceId: { exact: audioId } } : true,
  video: {
    ...(videoId ? { deviceId: { exact: videoId } } : {}),
    width: { ideal: media.video.width },
    height: { ideal: media.video.height },
    frameRate: { ideal: media.video.frameRate, max: media.video.frameRate },
  },
});

/**
 * The camera and microphone while `active`: acquired with the devices kept in local storage, toggled by
 * enabling their tracks (the call keeps sending, black and silent), stopped when no longer active.
 */
export function useLocalMedia(active: boolean, media: LiveOptions['media'] | null): LocalMedia {
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [audioOn, setAudioOn] = useState(true);
  const [videoOn, setVideoOn] = useState(true);
  const [error, setError] = useState<unknown>(null);
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);
  const [ids, setIds] = useState(() => ({ audio: stored(AUDIO_DEVICE_KEY), video: stored(VIDEO_DEVICE_KEY) }));
  const current = useRef<MediaStream | null>(null);

  useEffect(() => {
    if (!active || !media) return;
    let cancelled = false;
    const acquire = async () => {
      if (!navigator.mediaDevices?.getUserMedia) throw new TypeError('mediaDevices needs a secure context');
      try {
        return await navigator.mediaDevices.getUserMedia(constraints(media, ids.audio, ids.video));
      } catch (err) {
        // A stored device that is gone: try the defaults before reporting.
        if ((err as { name?: string }).name === 'OverconstrainedError' && (ids.audio || ids.video)) {
          return navigator.mediaDevices.getUserMedia(constraints(media));
        }
        throw err;
      }
    };
    acquire().then(
      async (s) => {
        if (cancelled) return s.getTracks().forEach((t) => t.stop());
        s.getAudioTracks().forEach((t) => (t.enabled = audioOn));
        s.getVideoTracks().forEach((t) => (t.enabled = videoOn));
        current.current = s;
        setStream(s);
        setDevices(await navigator.mediaDevices.enumerateDevices().catch(() => []));
      },
      (err: unknown) => !cancelled && setError(err),
    );
    return () => {
      cancelled = true;
      current.current?.getTracks().forEach((t) => t.stop());
      current.current = null;
      setStream(null);
    };
    // audioOn/videoOn apply to the tracks below; they must not re-acquire the devices.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active, media, ids.audio, ids.video]);

  const toggleAudio = useCallback(() => {
    setAudioOn((on) => {
      current.current?.getAudioTracks().forEach((t) => (t.enabled = !on));
      return !on;
    });
  }, []);
  const toggleVideo = useCallback(() => {
    setVideoOn((on) => {
      current.current?.getVideoTracks().forEach((t) => (t.enabled = !on));
      return !on;
    });
  }, []);
  const chooseDevice = useCallback((kind: 'audio' | 'video', deviceId: string) => {
    try {
      localStorage.setItem(kind === 'audio' ? AUDIO_DEVICE_KEY : VIDEO_DEVICE_KEY, deviceId);
    } catch {
      // Private modes without storage: the choice lasts for this page.
    }
    setIds((prev) => ({ ...prev, [kind]: deviceId }));
  }, []);

  return {
    stream,
    audioOn,
    videoOn,
    error,
    devices,
    audioDeviceId: ids.audio,
    videoDeviceId: ids.video,
    toggleAudio,
    toggleVideo,
    chooseDevice,
    clearError: () => setError(null),
  };
}
