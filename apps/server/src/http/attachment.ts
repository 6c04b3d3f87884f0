import type { FastifyReply } from 'fastify';

/**
 * Content-Disposition of a download named `name`: an ASCII fallback for old clients (other characters, quotes and
 * backslashes replaced) and the exact name percent-encoded (RFC 6266).
 */
export const attachmentDisposition = (name: string): string =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** Answers a CSV export as a UTF-8 download; `fileName` is one the server builds (ASCII, no quotes). */
export const sendCsv = (reply: FastifyReply, fileName: string, csv: string): FastifyReply =>
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(csv);
