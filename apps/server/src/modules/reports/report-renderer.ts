import os from 'node:os';
import { ThreadPool } from '../../platform/threads/thread-pool';
import type { ReportImages } from './report-images';
import type { ReportModel } from './report-model';

/** What a render thread receives: everything the PDF shows, already loaded (the thread does no I/O). */
export interface RenderTask {
  model: ReportModel;
  logo: Uint8Array | null;
  photos: Map<string, Uint8Array>;
  generatedAt: string;
}

// From sources (tsx, Vitest) the thread runs its TypeScript file; in the server bundle, the entry that
// scripts/build.mjs writes beside the chunks.
const fromSources = import.meta.url.endsWith('.ts');
const ENTRY = new URL(fromSources ? './report-render.thread.ts' : './report-render.js', import.meta.url);

/**
 * One thread per spare core, at least one: reports are rare next to the API's other calls, and a
 * thread holds its own copy of pdfkit and the fonts (about 30 MB). It stops after a minute idle.
 */
let pool: ThreadPool<RenderTask, Uint8Array> | null = null;
const renderPool = () =>
  (pool ??= new ThreadPool({
    entry: ENTRY,
    size: Math.max(1, Math.min(2, os.availableParallelism() - 1)),
    idleMs: 60_000,
  }));

/** Renders one report as a PDF file in a worker thread, so that the event loop stays free meanwhile. */
export async function renderReportOffLoop(
  model: ReportModel,
  images: ReportImages,
  generatedAt: Date,
): Promise<Buffer> {
  const pdf = await renderPool().run({
    model,
    logo: images.logo,
    photos: images.photos,
    generatedAt: generatedAt.toISOString(),
  });
  return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
}
