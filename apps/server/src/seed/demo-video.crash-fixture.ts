// Renders a long demo clip, for demo-video.crash.test.ts to kill this process while its ffmpeg runs.
import sharp from 'sharp';
import { renderSlideshow } from './demo-video';

const frame = await sharp({ create: { width: 1280, height: 720, channels: 3, background: '#1060c0' } })
  .jpeg()
  .toBuffer();
console.log('rendering');
await renderSlideshow(Array<Buffer>(120).fill(frame), true);
console.log('rendered');
