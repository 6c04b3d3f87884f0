import { useEffect, useState, useSyncExternalStore } from 'react';
import type { CallSnapshot, MediaTransport, TransportEvent } from '../transport/media-transport';
import { NO_SPEAKER, nextSpeaker } from './dominant-speaker';

/** The call as the transport reports it: connection, self, remote participants, spin. */
export const useCallSnapshot = (transport: MediaTransport): CallSnapshot =>
  useSyncExternalStore(
    (l) => transport.subscribe(l),
    () => transport.snapshot(),
  );

/** Calls `listener` for each join, leave and failure of the call. */
export function useTransportEvents(transport: MediaTransport, listener: (event: TransportEvent) => void): void {
  useEffect(() => transport.on(listener), [transport, listener]);
}

/** The remote participant speaking loudest lately (audio levels every half second, dominant-speaker.ts), kept until another speaks. */
export function useDominantSpeaker(transport: MediaTransport, active: boolean): string | null {
  const [speaker, setSpeaker] = useState<string | null>(null);
  useEffect(() => {
    if (!active) return;
    let live = true;
    let state = NO_SPEAKER;
    const timer = window.setInterval(() => {
      void transport.audioLevels().then((levels) => {
        if (!live) return;
        state = nextSpeaker(state, levels);
        // Same speaker: React bails out of the render.
        setSpeaker(state.speaker);
      });
    }, 500);
    return () => {
      live = false;
      window.clearInterval(timer);
    };
  }, [transport, active]);
  return speaker;
}
