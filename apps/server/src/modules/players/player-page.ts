import {
  PLAYER_OPTIONS_ELEMENT_ID,
  PLAYER_STATIC_FRAME_ID,
  playerFrameSrcSet,
  SPIN_SIZES,
  type PlayerOptions,
} from '@forecourt/contracts';

/** The ref of a request for the player page (/public/player/{ref}, or a personal link /p/{ref}/{token}), or null. */
export function playerPageRef(url: string): string | null {
  const path = url.split('?')[0] ?? '';
  return (
    /^\/public\/player\/([A-Za-z0-9_-]{16,64})$/.exec(path)?.[1] ??
    /^\/p\/([A-Za-z0-9_-]{16,64})\/[A-Za-z0-9_-]+$/.exec(path)?.[1] ??
    null
  );
}

const escapeAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** JSON that cannot close its <script> element nor start a comment in it, whatever the dealer typed. */
const jsonForScript = (v: unknown) =>
  JSON.stringify(v)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

export interface PlayerPageHead {
  preload: string;
  modules: string;
  data: string;
  /** Markup for the start of the body: the static first frame, or ''. */
  frame: string;
  /** Whether that frame carries the phone's variant in the page itself. */
  frameInPage?: boolean;
}

/** Below this width (the portal's `sm` breakpoint) the spin is a phone's width, and INLINE_FRAME_WIDTH serves it. */
const PHONE_MAX_WIDTH = 749;
const PHONE_MEDIA = `(max-width:${PHONE_MAX_WIDTH}px)`;
/** The variant a phone's spin shows (396 CSS px at a density of 1.75, the usual phone). */
export const INLINE_FRAME_WIDTH = 768;
/** A first frame larger than this is not worth its place in the page: phones then fetch it like others. */
export const INLINE_FRAME_MAX_BYTES = 16 * 1024;

/** The phone's first frame (INLINE_FRAME_WIDTH, WebP) to put in the page itself. */
export interface InlineFrame {
  body: Buffer;
}

/**
 * The spin's first frame as plain HTML, drawn where the spin will be (player.module.css: a 64 px
 * header; 8 px padding below 750 px, 16 px above; from 1024 px a 3fr column beside one of at least 280 px,
 * 16 px gap; at most 1600 px; the box has the frame's aspect ratio and 4 px corners). The browser paints
 * it as soon as the image arrives, before any script has run: the page's largest paint no longer waits
 * for the framework. It lies over the page (so nothing shifts when it goes), ignores the pointer, is
 * hidden from assistive technology (the spin is what they use), and the spin removes it once its own
 * image has loaded at the same place and size. On phones the frame is in the page itself (a data URL, a
 * few KB): it shows with the page's first paint, with no request that the scripts compete with on a slow
 * network; wider screens take the srcset, as the spin does.
 */
function staticFirstFrame(options: PlayerOptions, inline: InlineFrame | null): string {
  const first = options.frames[0]!;
  const id = PLAYER_STATIC_FRAME_ID;
  const style = [
    `#${id}{position:absolute;top:64px;left:0;right:0;z-index:1;pointer-events:none}`,
    `#${id}>div{display:grid;gap:16px;box-sizing:border-box;padding:8px;max-width:1600px;margin:0 auto}`,
    `@media (min-width:750px){#${id}>div{padding:16px}}`,
    `@media (min-width:1024px){#${id}>div{grid-template-columns:minmax(0,3fr) minmax(280px,1fr)}}`,
    `#${id} img{display:block;width:100%;height:auto;object-fit:contain;border-radius:4px}`,
  ].join('');
  const srcset = `srcset="${escapeAttr(playerFrameSrcSet(options.ref, 0, first, 'webp'))}" sizes="${escapeAttr(SPIN_SIZES)}"`;
  const size = `width="${first.width}" height="${first.height}"`;
  const img = inline
    ? `<picture><source media="(min-width:${PHONE_MAX_WIDTH + 1}px)" type="image/webp" ${srcset}><img alt="" ${size} src="data:image/webp;base64,${inline.body.toString('base64')}"></picture>`
    : `<img alt="" fetchpriority="high" ${size} ${srcset}>`;
  return `<div id="${id}" aria-hidden="true"><style>${style}</style><div>${img}</div></div>`;
}

/**
 * What the page of an available player carries, so a visitor's browser need not wait for the scripts to
 * learn it: `preload`, when the player opens on the spin, a high-priority preload of its first frame with
 * the srcset and sizes the spin uses, so the browser fetches the variant the spin shows; `frame`, that
 * frame drawn in plain HTML (staticFirstFrame, with `inline`, the phone's variant, in the page); and `data`, the options themselves (a data block, not a
 * script), which the player reads instead of calling the API.
 */
export function playerPageHead(
  options: PlayerOptions,
  inline: InlineFrame | null = null,
): Omit<PlayerPageHead, 'modules'> {
  const first = options.frames[0];
  const spin = options.state === 'AVAILABLE' && options.shootingType !== 'VIDEO' && first;
  const preload = spin
    ? `<link rel="preload" as="image" type="image/webp" fetchpriority="high" imagesrcset="${escapeAttr(playerFrameSrcSet(options.ref, 0, first, 'webp'))}" imagesizes="${escapeAttr(SPIN_SIZES)}">`
    : '';
  const inPage = inline && inline.body.length <= INLINE_FRAME_MAX_BYTES ? inline : null;
  return {
    preload,
    frame: spin ? staticFirstFrame(options, inPage) : '',
    frameInPage: Boolean(spin && inPage),
    data: `<script type="application/json" id="${PLAYER_OPTIONS_ELEMENT_ID}">${jsonForScript(options)}</script>`,
  };
}

/** The public file (apps/web/public) that starts the page's modules, after the first paint where asked. */
export const PLAYER_BOOT_SCRIPT = '/player-boot.js';

const MODULE_TAGS =
  /<script type="module"[^>]*?\ssrc="([^"]+)"[^>]*><\/script>\s*|<link rel="modulepreload"[^>]*?\shref="([^"]+)"[^>]*>\s*/g;

/**
 * The page with its module script and modulepreloads replaced by the boot script, which adds them back at
 * once, or, on screens of `paintFirst` (where the frame is in the page), once the page has painted: the
 * frame then paints at once instead of waiting for the portal's code to be evaluated, and the code's
 * download does not compete with it.
 */
function modulesAfterFirstPaint(html: string, paintFirst: string): string {
  let entry = '';
  const modules: string[] = [];
  const without = html.replace(MODULE_TAGS, (_tag, src: string | undefined, href: string | undefined) => {
    if (src) entry = src;
    else if (href) modules.push(href);
    return '';
  });
  const end = without.indexOf('</head>');
  if (!entry || end < 0) return html;
  const boot = `<script async src="${PLAYER_BOOT_SCRIPT}" data-entry="${escapeAttr(entry)}" data-modules="${escapeAttr(modules.join(' '))}" data-paint-first="${escapeAttr(paintFirst)}"></script>\n  `;
  return `${without.slice(0, end)}${boot}${without.slice(end)}`;
}

/**
 * The portal's index.html with the player's head: the frame's preload before the first script of the
 * head (the browser then asks for the frame first, on a connection of its own); the page's modules and
 * the options at its end; the static first frame at the start of the body, before the app's root. When
 * that frame is in the page, phones run the modules once it has painted (modulesAfterFirstPaint).
 */
export function withPlayerHead(page: string, head: PlayerPageHead): string {
  const body = /<body[^>]*>/.exec(page);
  const html =
    head.frame && body
      ? `${page.slice(0, body.index + body[0].length)}\n    ${head.frame}${page.slice(body.index + body[0].length)}`
      : page;
  const end = html.indexOf('</head>');
  if (end < 0) return html;
  const script = html.indexOf('<script');
  const at = script >= 0 && script < end ? script : end;
  const tail = [head.modules, head.data]
    .filter(Boolean)
    .map((part) => `  ${part}\n  `)
    .join('');
  const withTail = `${html.slice(0, end)}${tail}${html.slice(end)}`;
  const withPreload = head.preload ? `${withTail.slice(0, at)}${head.preload}\n    ${withTail.slice(at)}` : withTail;
  return head.frameInPage ? modulesAfterFirstPaint(withPreload, PHONE_MEDIA) : withPreload;
}
