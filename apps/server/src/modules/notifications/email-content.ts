import { escapeHtml } from '../../platform/html';

// The dialog turns line breaks into <br>; raw line breaks mean the same.
const LINE_BREAK = /<br\s*\/?>|\r?\n/gi;

/**
 * The text and HTML parts of a shared e-mail. Everything the user typed is escaped; the only markup is
 * the <br> of each line break and a link around our own player URLs.
 */
export function renderEmail(body: string, publicUrl: string): { text: string; html: string } {
  const lines = body.split(LINE_BREAK);
  const ours = new RegExp(`^${publicUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/[A-Za-z0-9/_-]+$`);
  const linkify = (escaped: string) =>
    escaped.replace(/https?:\/\/[^\s<>"']+/g, (url) => (ours.test(url) ? `<a href="${url}">${url}</a>` : url));
  const html = lines.map((line) => linkify(escapeHtml(line))).join('<br>');
  return {
    text: lines.join('\n'),
    html: `<!doctype html><html><body><div style="font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:1.5">${html}</div></body></html>`,
  };
}
