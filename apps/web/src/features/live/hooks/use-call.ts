import { useEffect, useState, useSyncExternalStore } from 'react';
import type { CallSnapshot, MediaTransport, TransportEvent } from '../transport/media-transport';

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

/** Audio level above which a participant counts as speaking. */
const SPEAKING_LEVEL = 0.02;

/** The remote participant speaking loudest lately (audio levels every half second), kept until another speaks. */
export function useDominantSpeaker(transport: MediaTransport, active: boolean): string | null {
  const [speaker, setSpeaker] = useState<string | null>(null);
  useEffect(() => {
    if (!active) return;
    let live = true;
    const timer = window.setInterval(() => {
      void transport.audioLevels().then((levels) => {
        if (!live) return;
        let best: [string, number] | null = null;
        for (const [id, level] of levels) if (level > SPEAKING_LEVEL && (!best || level > best[1])) best = [id, level];
        if (best) setSpeaker(best[0]);
      });
    }, 500);
    return () => {
      live = false;
      window.clearInterval(timer);
    };
  }, [transport, active]);
  return speaker;
}
