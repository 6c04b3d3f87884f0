import Box from '@mui/material/Box';
import { useEffect, useRef } from 'react';

/** A <video> of a stream; muted for the local one (no echo) and for every stream whose audio plays elsewhere. */
export function VideoView({
  stream,
  muted,
  mirrored,
  label,
  testId,
  fit = 'cover',
  onFirstFrame,
}: {
  stream: MediaStream | null;
  muted: boolean;
  mirrored?: boolean;
  label: string;
  testId?: string;
  fit?: 'cover' | 'contain';
  /** The element has its stream's first frame to show (loadeddata). */
  onFirstFrame?: () => void;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || el.srcObject === stream) return;
    el.srcObject = stream;
    if (stream) void el.play().catch(() => undefined);
  }, [stream]);
  return (
    <Box
      component="video"
      ref={ref}
      autoPlay
      playsInline
      muted={muted}
      aria-label={label}
      data-testid={testId}
      onLoadedData={onFirstFrame}
      sx={{
        width: '100%',
        height: '100%',
        objectFit: fit,
        bgcolor: 'grey.900',
        display: 'block',
        transform: mirrored ? 'scaleX(-1)' : undefined,
      }}
    />
  );
}
