import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import css from './player.module.css';

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
        const v = new Viewer({
          container: container.current,
          panorama: url,
          navbar: ['zoom', 'move', 'fullscreen'],
          loadingTxt: '',
        });
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
    <section aria-label={t('publicPlayer.panorama.label')} className={css.panorama}>
      <h2 className={css.title}>{t('publicPlayer.panorama.title')}</h2>
      <div ref={container} className={css.panoramaView} />
      {state === 'loading' && (
        <div role="progressbar" aria-label={t('common.loading')} className={`${css.spinner} ${css.panoramaLoading}`} />
      )}
      {state === 'error' && <p className={css.error}>{t('publicPlayer.panorama.error')}</p>}
    </section>
  );
}
