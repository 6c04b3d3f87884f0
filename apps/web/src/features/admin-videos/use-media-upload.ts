import type { AdminMediaSlot, VideoConfiguration } from '@forecourt/contracts/media';
import { useCallback, useRef, useState } from 'react';
import { authHeaders } from '../../api/http';
import { registerMedia, requestUpload } from './admin-videos-api';
import { failureKey, progressOf, type UploadProgress } from './media-rules';

/**
 * Each PATCH carries at most this much. The server keeps what a cut request delivered, so a cut costs
 * little whatever the size; the bound keeps any one request to about a minute on a 10 Mbit/s line,
 * while per-request costs (token check, lock, the store's record) stay a few percent on a fast one.
 */
export const CHUNK_BYTES = 64 * 1024 * 1024;

export type UploadOutcome =
  { ok: true; configuration: VideoConfiguration } | { ok: false; messageKey: string } | { ok: false; cancelled: true };

const statusOf = (err: unknown): number | null => {
  const res = (err as { originalResponse?: { getStatus(): number } | null }).originalResponse;
  if (res) return res.getStatus();
  const status = (err as { status?: number }).status;
  return typeof status === 'number' ? status : null;
};

/**
 * The upload of one slot's file (spec section 4: request the link, upload, register): resumable with
 * tus, so a network cut retries from the last byte the server has, and the same file picked again after
 * the browser was closed resumes where it stopped (the server recognises it). Progress with speed and
 * time left; cancellable.
 */
export function useMediaUpload(slot: AdminMediaSlot) {
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const abortRef = useRef<(() => void) | null>(null);

  const cancel = useCallback(() => abortRef.current?.(), []);

  const upload = useCallback(
    async (cfg: VideoConfiguration, file: File): Promise<UploadOutcome> => {
      let cancelled = false;
      try {
        const grant = await requestUpload(cfg.groupId, slot, file);
        const { Upload } = await import('tus-js-client');
        const start = { at: performance.now(), sent: grant.offset };
        setProgress(progressOf(start, start.at, grant.offset, file.size));
        await new Promise<void>((resolve, reject) => {
          const tus = new Upload(file, {
            uploadUrl: new URL(grant.presignedUrl, window.location.origin).href,
            uploadSize: file.size,
            chunkSize: CHUNK_BYTES,
            retryDelays: [0, 1000, 3000, 5000, 10_000, 20_000],
            storeFingerprintForResuming: false,
            // The token may be renewed during a long upload: every request takes the current one.
            onBeforeRequest: async (req) => {
              for (const [k, v] of Object.entries(await authHeaders())) req.setHeader(k, v);
            },
            // A refusal (format, size, expiry, rights) is final; network cuts and server errors are retried.
            onShouldRetry: (err) => {
              const status = statusOf(err);
              return status === null || status === 0 || status >= 500 || status === 409 || status === 423;
            },
            onProgress: (sent, total) => setProgress(progressOf(start, performance.now(), sent, total)),
            onSuccess: () => resolve(),
            onError: (err) => reject(err),
          });
          abortRef.current = () => {
            cancelled = true;
            void tus.abort(true).finally(() => reject(new Error('cancelled')));
          };
          tus.start();
        });
        const configuration = await registerMedia(cfg, slot, grant.url);
        return { ok: true, configuration };
      } catch (err) {
        if (cancelled) return { ok: false, cancelled: true };
        return { ok: false, messageKey: failureKey(slot, statusOf(err)) };
      } finally {
        abortRef.current = null;
        setProgress(null);
      }
    },
    [slot],
  );

  return { upload, progress, cancel };
}
