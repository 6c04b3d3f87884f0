import { useCallback, useEffect, useRef, useState } from 'react';
import type { MediaTransport } from '../transport/media-transport';

/**
 * Screen share: the screen's track replaces the camera's in the call (no renegotiation); stopping it, or
 * the browser ending it, gives the camera back.
 */
export function useScreenShare(transport: MediaTransport, camera: MediaStreamTrack | null) {
  const [screen, setScreen] = useState<MediaStreamTrack | null>(null);
  const cameraRef = useRef(camera);
  useEffect(() => {
    cameraRef.current = camera;
  }, [camera]);

  const stop = useCallback(() => {
    setScreen((track) => {
      track?.stop();
      return null;
    });
    void transport.replaceTrack('video', cameraRef.current);
  }, [transport]);

  const start = useCallback(async () => {
    const display = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false });
    const track = display.getVideoTracks()[0];
    if (!track) return;
    track.addEventListener('ended', stop, { once: true });
    await transport.replaceTrack('video', track);
    setScreen(track);
  }, [transport, stop]);

  // Ends the share with the call.
  useEffect(() => () => screen?.stop(), [screen]);

  return { sharing: screen !== null, screen, start, stop };
}
