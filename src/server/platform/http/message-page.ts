// The small server-rendered pages behind links in mail (unsubscribe, acknowledge): one card, a
// title and a few lines, readable without JavaScript, light or dark as the visitor prefers.
import { escapeHtml } from '../../../core/mail-layout.ts';

const STYLE = `body{margin:0;padding:48px 16px;background:#f3f4f6;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#111827}
main{max-width:440px;margin:0 auto;background:#fff;border-radius:8px;padding:24px}
h1{margin:0 0 12px;font-size:20px}p{line-height:1.5}a{color:inherit}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;font-size:14px;margin:16px 0}dt{color:#6b7280}dd{margin:0;word-break:break-word}
button{background:#111827;color:#fff;border:0;border-radius:6px;padding:10px 16px;font-size:14px;cursor:pointer}
@media (prefers-color-scheme:dark){body{background:#0b0f19;color:#e5e7eb}main{background:#111827}dt{color:#9ca3af}button{background:#e5e7eb;color:#111827}}`;

/**
 * `body` is HTML the caller built with escapeHtml around everything a user typed; `lang` is the
 * language title and body are written in.
 */
export function messagePage(title: string, body: string, lang = 'en'): string {
  return `<!doctype html>
<html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><meta name="color-scheme" content="light dark"><meta name="robots" content="noindex"><title>${escapeHtml(title)} · Upwatch</title><style>${STYLE}</style></head>
<body><main>
<h1>${escapeHtml(title)}</h1>
${body}
</main></body></html>`;
}
