import { EngagementAlert } from '@forecourt/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { authHeaders } from '../../api/http';
import { engagementKeys } from './engagement-keys';

/** A dropped stream is opened again after this long (doubling up to a minute). */
const RETRY_MS = 1000;

/**
 * Reads the user's alert stream (server-sent events over fetch, which carries the bearer token) while
 * signed in: each alert refreshes the bell and is handed to `onAlert`.
 */
export function useAlertStream(enabled: boolean, onAlert: (alert: EngagementAlert) => void): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    let wait = RETRY_MS;
    const run = async () => {
      while (!controller.signal.aborted) {
        try {
          const res = await fetch('/api/engagement/alerts/stream', {
            headers: await authHeaders(),
            signal: controller.signal,
          });
          if (!res.ok || !res.body) throw new Error(`stream ${res.status}`);
          wait = RETRY_MS;
          const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
          let buffer = '';
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            buffer += value;
            let end;
            while ((end = buffer.indexOf('\n\n')) >= 0) {
              const block = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              const data = /^data: (.*)$/m.exec(block)?.[1];
              const parsed = data ? EngagementAlert.safeParse(JSON.parse(data)) : null;
              if (parsed?.success) {
                void queryClient.invalidateQueries({ queryKey: engagementKeys.alerts() });
                onAlert(parsed.data);
              }
            }
          }
        } catch {
          if (controller.signal.aborted) return;
        }
        await new Promise((r) => setTimeout(r, wait));
        wait = Math.min(wait * 2, 60_000);
      }
    };
    void run();
    return () => controller.abort();
  }, [enabled, onAlert, queryClient]);
}
