import type { PlayerOptions } from '@forecourt/contracts';
import { describe, expect, it } from 'vitest';
import { INLINE_FRAME_MAX_BYTES, playerPageHead, playerPageRef, withPlayerHead } from './player-page';

const options: PlayerOptions = {
  ref: 'AbCdEfGhIjKlMnOpQrStUv',
  state: 'AVAILABLE',
  shootingType: 'STANDARD',
  logoUrl: null,
  contactInformations: [{ title: 'Address', value: '</script><script>alert(1)</script><!-- & \u2028' }],
  phone: null,
  lastUserEmail: null,
  webinarUrl: null,
  frames: [{ version: 'v1', width: 1600, height: 1200 }],
  panoramaUrl: null,
  video: null,
  damages: [],
  editedFrames: [],
};

/** The options as the browser reads them back from the data block. */
const readBack = (html: string) =>
  JSON.parse(/<script type="application\/json" id="player-options">(.*?)<\/script>/s.exec(html)![1]!) as unknown;

/** The head of a player opening on the spin, with these modules. */
const spinHead = (modules: string) => ({
  preload: '<link rel="preload" as="image">',
  modules,
  data: '<script type="application/json">{}</script>',
  frame: '<div id="player-static-frame"></div>',
});

describe('player page head', () => {
  it('preloads the first frame at every width with the spin’s sizes, and carries the options', () => {
    const { preload, data } = playerPageHead(options);
    expect(preload).toContain('<link rel="preload" as="image" type="image/webp" fetchpriority="high"');
    for (const w of [480, 768, 1080, 1440, 1920]) {
      expect(preload).toContain(`/api/external/legacy/players/AbCdEfGhIjKlMnOpQrStUv/frames/0/${w}.webp?v=v1 ${w}w`);
    }
    expect(preload).toContain('imagesizes="(min-width: 1600px) 1164px,');
    expect(readBack(data)).toEqual(options);
  });

  it('draws the first frame in plain HTML with the preload’s srcset and sizes, hidden from assistive technology', () => {
    const { preload, frame } = playerPageHead(options);
    const img = /<img [^>]*>/.exec(frame)![0];
    expect(frame).toMatch(/^<div id="player-static-frame" aria-hidden="true">/);
    expect(img).toContain('alt=""');
    expect(img).toContain(`srcset="${/imagesrcset="([^"]*)"/.exec(preload)![1]}"`);
    expect(img).toContain(`sizes="${/imagesizes="([^"]*)"/.exec(preload)![1]}"`);
    expect(img).toMatch(/width="\d+" height="\d+"/);
  });

  it('puts the phone’s first frame in the page, wider screens taking the srcset; not when it is too large', () => {
    const { frame, frameInPage } = playerPageHead(options, { body: Buffer.from('RIFF-webp') });
    expect(frameInPage).toBe(true);
    expect(frame).toContain('<source media="(min-width:750px)" type="image/webp" srcset="');
    expect(frame).toContain(`src="data:image/webp;base64,${Buffer.from('RIFF-webp').toString('base64')}"`);
    const large = playerPageHead(options, { body: Buffer.alloc(INLINE_FRAME_MAX_BYTES + 1) }).frame;
    expect(large).not.toContain('data:image');
    expect(playerPageHead(options, { body: Buffer.alloc(INLINE_FRAME_MAX_BYTES + 1) }).frameInPage).toBe(false);
    expect(large).toContain('srcset="');
  });

  it('keeps whatever the dealer typed inside the data block', () => {
    const { data } = playerPageHead(options);
    expect(data.match(/<\/script>/g)).toHaveLength(1);
    expect(data).not.toContain('<!--');
    expect(readBack(data)).toEqual(options);
  });

  it('preloads no frame when the player does not open on the spin', () => {
    for (const other of [
      { ...options, shootingType: 'VIDEO' as const },
      { ...options, state: 'UNDER_CONSTRUCTION' as const, frames: [] },
      { ...options, frames: [], panoramaUrl: '/api/external/legacy/players/AbCdEfGhIjKlMnOpQrStUv/panorama.jpg?v=1' },
    ]) {
      const { preload, frame, data } = playerPageHead(other);
      expect(preload).toBe('');
      expect(frame).toBe('');
      expect(readBack(data)).toEqual(other);
    }
  });

  it('puts the preload before the scripts and the data at the end of the head; only player paths have a ref', () => {
    const index =
      '<html><head><title>x</title><script type="module" src="/assets/index.js"></script><link rel="modulepreload" href="/assets/a.js"></head><body></body></html>';
    const html = withPlayerHead(index, spinHead('<link rel="modulepreload" href="/assets/page.js">'));
    expect(html).toContain('<body>\n    <div id="player-static-frame"></div></body>');
    expect(html.indexOf('rel="preload"')).toBeLessThan(html.indexOf('/assets/index.js'));
    expect(html.indexOf('application/json')).toBeGreaterThan(html.indexOf('/assets/a.js'));
    expect(html.indexOf('application/json')).toBeLessThan(html.indexOf('</head>'));
    expect(html.indexOf('/assets/page.js')).toBeGreaterThan(html.indexOf('/assets/a.js'));
    expect(withPlayerHead('<html><head></head></html>', { preload: '', modules: '', data: '<x>', frame: '' })).toBe(
      '<html><head>  <x>\n  </head></html>',
    );
    // Without the frame in the page, the modules load as the portal's index.html says.
    expect(html).toContain('<script type="module" src="/assets/index.js"></script>');
    expect(html).not.toContain('player-boot.js');
    expect(playerPageRef('/public/player/AbCdEfGhIjKlMnOpQrStUv?utm=1')).toBe('AbCdEfGhIjKlMnOpQrStUv');
    expect(playerPageRef('/public/player/short')).toBeNull();
    expect(playerPageRef('/shootings')).toBeNull();
  });

  it('with the phone’s frame in the page, hands the modules to the boot script, which starts them after the first paint on phones', () => {
    const index =
      '<html><head><title>x</title><script type="module" crossorigin src="/assets/index.js"></script>\n<link rel="modulepreload" crossorigin href="/assets/a.js"></head><body></body></html>';
    const html = withPlayerHead(index, {
      ...spinHead('<link rel="modulepreload" crossorigin href="/assets/page.js">'),
      frameInPage: true,
    });
    expect(html).not.toContain('type="module"');
    expect(html).not.toContain('rel="modulepreload"');
    const boot = /<script async src="\/player-boot.js" ([^>]*)><\/script>/.exec(html);
    expect(boot![1]).toBe(
      'data-entry="/assets/index.js" data-modules="/assets/a.js /assets/page.js" data-paint-first="(max-width:749px)"',
    );
    expect(html.indexOf('player-boot.js')).toBeLessThan(html.indexOf('</head>'));
    expect(html.indexOf('rel="preload"')).toBeLessThan(html.indexOf('player-boot.js'));
  });
});
