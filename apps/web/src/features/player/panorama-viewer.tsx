import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The interior panorama in Photo Sphere Viewer. The viewer (and three.js under it) is loaded only when a
 * shooting has a panorama, so the spin never waits for it.
 */
export function PanoramaViewer({ url }: { url: string }) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');

  useEffect(() => {
    let viewer: { destroy(): void } | null = null;
    let live = true;
    void Promise.all([import('@photo-sphere-viewer/core'), import('@photo-sphere-viewer/core/index.css')])
      .then(([{ Viewer }]) => {
        if (!live || !container.current) return;
        const v = new Viewer({ container: container.current, panorama: url, navbar: ['zoom', 'move', 'fullscreen'], loadingTxt: '' });
        v.addEventListener('ready', () => live && setState('ready'), { once: true });
        viewer = v;
      })
      .catch(() => live && setState('error'));
    return () => {
      live = false;
      viewer?.destroy();
    };
  }, [url]);

  return (
    <Box component="section" aria-label={t('publicPlayer.panorama.label')} sx={{ position: 'relative', width: '100%', aspectRatio: '16 / 9', mt: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('publicPlayer.panorama.title')}
      </Typography>
      <Box ref={container} sx={{ width: '100%', height: '100%', borderRadius: 1, overflow: 'hidden' }} />
      {state === 'loading' && <CircularProgress aria-label={t('common.loading')} sx={{ position: 'absolute', top: '50%', left: '50%' }} />}
      {state === 'error' && <Typography color="error">{t('publicPlayer.panorama.error')}</Typography>}
    </Box>
  );
}
