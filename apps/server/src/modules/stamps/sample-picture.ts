import sharp from 'sharp';

const samples = new Map<string, Promise<Buffer>>();

/** A side view of a blue saloon in a showroom, drawn in a 1600 × 900 box and scaled to the picture. */
function sampleSvg(width: number, height: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1600 900" preserveAspectRatio="xMidYMid slice">
  <defs>
    <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#eef1f4"/><stop offset="1" stop-color="#c9d0d8"/></linearGradient>
    <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#9aa3ad"/><stop offset="1" stop-color="#5d6670"/></linearGradient>
    <linearGradient id="body" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#4f86bd"/><stop offset="0.55" stop-color="#2f5d8a"/><stop offset="1" stop-color="#1d3b58"/></linearGradient>
    <radialGradient id="shadow"><stop offset="0" stop-color="#000" stop-opacity="0.45"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="1600" height="560" fill="url(#wall)"/>
  <rect y="560" width="1600" height="340" fill="url(#floor)"/>
  <rect y="552" width="1600" height="10" fill="#7c858f"/>
  <ellipse cx="800" cy="742" rx="560" ry="60" fill="url(#shadow)"/>
  <path d="M 270 640 C 268 560 330 520 430 505 L 560 430 C 610 400 690 385 800 385 L 1000 388 C 1080 392 1140 420 1200 470 L 1290 520 C 1350 535 1380 570 1382 640 L 1380 690 L 280 700 Z" fill="url(#body)"/>
  <path d="M 585 445 C 620 420 690 408 780 407 L 790 495 L 520 500 Z" fill="#1a2733" opacity="0.85"/>
  <path d="M 815 407 L 990 410 C 1050 414 1100 440 1150 485 L 825 495 Z" fill="#1a2733" opacity="0.85"/>
  <rect x="300" y="600" width="70" height="22" rx="6" fill="#f3f1d2"/>
  <rect x="1300" y="590" width="60" height="20" rx="6" fill="#c0392b"/>
  <rect x="700" y="640" width="200" height="44" rx="4" fill="#ffffff" stroke="#20242a" stroke-width="3"/>
  <text x="800" y="672" font-family="'DejaVu Sans', sans-serif" font-weight="bold" font-size="28" text-anchor="middle" fill="#20242a">AB-123-CD</text>
  ${[470, 1140].map((x) => `<circle cx="${x}" cy="690" r="78" fill="#16181b"/><circle cx="${x}" cy="690" r="46" fill="#b8bec6"/><circle cx="${x}" cy="690" r="14" fill="#5b6169"/>`).join('')}
</svg>`;
}

/** The designer's sample photo of a car, once per process and size. */
export function samplePicture(width: number, height: number): Promise<Buffer> {
  const key = `${width}x${height}`;
  let sample = samples.get(key);
  if (!sample) {
    sample = sharp(Buffer.from(sampleSvg(width, height)))
      .jpeg({ quality: 88 })
      .toBuffer();
    samples.set(key, sample);
    sample.catch(() => samples.delete(key));
  }
  return sample;
}
