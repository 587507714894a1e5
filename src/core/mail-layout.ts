// One layout for every mail Upwatch sends: an HTML body and the same words as plain text.
export interface MailContent {
  /** The first line, in large type. */
  heading: string;
  /** Colour of the heading's marker, e.g. red for down and green for recovered. */
  accent: string;
  paragraphs: readonly string[];
  /** Label / value rows (URL, reason, times). */
  facts: readonly (readonly [string, string])[];
  button: { label: string; href: string };
  /** A second, quieter link beside the button (an alert's 'View the incident' next to 'Acknowledge'). */
  secondary?: { label: string; href: string };
  footer: { text: string; href: string };
}

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

export function renderMailHtml(content: MailContent): string {
  const e = escapeHtml;
  const paragraphs = content.paragraphs
    .map((p) => `<p style="margin:0 0 12px;font-size:15px;line-height:1.5">${e(p)}</p>`)
    .join('');
  const facts = content.facts
    .map(
      ([label, value]) =>
        `<tr><td style="padding:4px 12px 4px 0;color:#6b7280;white-space:nowrap;vertical-align:top">${e(label)}</td><td style="padding:4px 0;word-break:break-all">${e(value)}</td></tr>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(content.heading)}</title></head>
<body style="margin:0;padding:24px;background:#f3f4f6;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#111827">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<tr><td>
<h1 style="margin:0 0 16px;font-size:20px"><span style="display:inline-block;width:10px;height:10px;border-radius:50%;background:${e(content.accent)};margin-right:8px"></span>${e(content.heading)}</h1>
${paragraphs}
<table role="presentation" style="margin:8px 0 20px;font-size:14px;border-collapse:collapse">${facts}</table>
<a href="${e(content.button.href)}" style="display:inline-block;background:#111827;color:#ffffff;text-decoration:none;padding:10px 16px;border-radius:6px;font-size:14px">${e(content.button.label)}</a>${
    content.secondary
      ? ` <a href="${e(content.secondary.href)}" style="display:inline-block;color:#111827;padding:10px 16px;border:1px solid #d1d5db;border-radius:6px;font-size:14px;text-decoration:none">${e(content.secondary.label)}</a>`
      : ''
  }
<p style="margin:24px 0 0;font-size:12px;color:#6b7280"><a href="${e(content.footer.href)}" style="color:#6b7280">${e(content.footer.text)}</a></p>
</td></tr>
</table>
</body></html>`;
}

export function renderMailText(content: MailContent): string {
  const width = Math.max(...content.facts.map(([label]) => label.length), 0);
  return [
    content.heading,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...content.facts.map(([label, value]) => `${`${label}:`.padEnd(width + 2)}${value}`),
    '',
    `${content.button.label}: ${content.button.href}`,
    ...(content.secondary ? [`${content.secondary.label}: ${content.secondary.href}`] : []),
    '',
    `${content.footer.text}: ${content.footer.href}`,
    '',
  ].join('\n');
}
