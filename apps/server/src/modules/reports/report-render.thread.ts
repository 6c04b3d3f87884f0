// The entry of the worker threads that lay out report PDFs (report-renderer.ts starts them): pdfkit's
// layout and font subsetting are synchronous JavaScript, up to a second or more for a report with photos,
// which on the API's event loop held every other request and the load balancer's health checks.
import { serveThreadTasks } from '../../platform/threads/thread-tasks';
import { renderReport } from './report-pdf';
import type { RenderTask } from './report-renderer';

// Buffers arrive as plain Uint8Arrays (structured clone): pdfkit tells images apart by Buffer.isBuffer.
const asBuffer = (bytes: Uint8Array): Buffer => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

serveThreadTasks(async ({ model, logo, photos, generatedAt }: RenderTask): Promise<Uint8Array> => {
  const images = {
    logo: logo ? asBuffer(logo) : null,
    photos: new Map([...photos].map(([id, bytes]) => [id, asBuffer(bytes)])),
  };
  return renderReport(model, images, new Date(generatedAt));
});
