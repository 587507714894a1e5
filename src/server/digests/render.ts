// The digest mail: light HTML with inline styles (mail clients drop <style> blocks) and the
// same figures as plain text. Dates are written in the owner's time zone.
import type { DigestData } from '../../core/api/digests.ts';
import { escapeHtml as e } from '../../core/mail-layout.ts';

export interface DigestLinks {
  report: string;
  unsubscribe: string;
}

const percent = (value: number | null) => (value === null ? '—' : `${value.toFixed(2)}%`);
const ms = (value: number | null) =>
  value === null ? '—' : `${Math.round(value).toLocaleString('en-US')} ms`;
const signed = (value: number | null, unit: string, digits = 0) =>
  value === null ? '' : `${value > 0 ? '+' : value < 0 ? '−' : '±'}${Math.abs(value).toFixed(digits)}${unit}`;
const minutes = (value: number) =>
  value < 60 ? `${value} min` : `${Math.floor(value / 60)} h ${String(value % 60).padStart(2, '0')} min`;

export function periodLabel(data: Pick<DigestData, 'periodStart' | 'periodEnd'>, timeZone: string): string {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
  // The end is exclusive (midnight after the last day).
  const lastDay = Math.max(data.periodStart, data.periodEnd - 1);
  const start = format.format(data.periodStart);
  const end = format.format(lastDay);
  return start === end ? start : `${start} – ${end}`;
}

export function digestSubject(data: DigestData, timeZone: string, preview: boolean): string {
  const kind = data.frequency === 'daily' ? 'Daily' : 'Weekly';
  return `${preview ? '[Preview] ' : ''}${kind} digest: ${percent(data.overall.uptimePercent)} uptime — ${periodLabel(data, timeZone)}`;
}

interface Section {
  title: string;
  head: string[];
  rows: string[][];
  empty: string;
}

function sections(data: DigestData, timeZone: string): Section[] {
  const day = new Intl.DateTimeFormat('en-US', { timeZone, month: 'short', day: 'numeric', year: 'numeric' });
  return [
    {
      title: 'Monitors',
      head: ['Monitor', 'Uptime', 'Change', 'p50', 'p95'],
      rows: data.monitors.map((m) => [
        m.name,
        percent(m.uptimePercent),
        signed(m.uptimeChange, ' pts', 2),
        `${ms(m.p50Ms)} ${signed(m.p50Change, ' ms')}`.trim(),
        `${ms(m.p95Ms)} ${signed(m.p95Change, ' ms')}`.trim(),
      ]),
      empty: 'No monitors yet.',
    },
    {
      title: 'Certificates expiring within 30 days',
      head: ['Monitor', 'Expires', 'Days left'],
      rows: data.certificatesExpiring.map((c) => [
        c.name,
        day.format(c.validTo),
        c.daysRemaining < 0 ? 'expired' : String(c.daysRemaining),
      ]),
      empty: 'None.',
    },
    {
      title: 'Web Vitals',
      head: ['Site', 'Score', 'LCP', 'Budget violations'],
      rows: data.performance.map((p) => [
        p.name,
        `${p.score ?? '—'} ${signed(p.scoreChange, '')}`.trim(),
        `${ms(p.lcpMs)} ${signed(p.lcpChange, ' ms')}`.trim(),
        String(p.budgetViolations),
      ]),
      empty: 'No performance sites.',
    },
  ];
}

function summaryFacts(data: DigestData): [string, string][] {
  return [
    [
      'Uptime',
      `${percent(data.overall.uptimePercent)} ${signed(data.overall.uptimeChange, ' pts', 2)}`.trim(),
    ],
    ['Incidents', String(data.incidents.count)],
    ['Downtime', minutes(data.incidents.downtimeMinutes)],
    ['Longest incident', minutes(data.incidents.longestMinutes)],
    ['Deployments', String(data.deployments)],
  ];
}

const cell = 'padding:6px 8px;border-bottom:1px solid #e5e7eb;text-align:left;font-size:13px';

function sectionHtml({ title, head, rows, empty }: Section): string {
  const body =
    rows.length === 0
      ? `<p style="margin:0 0 16px;font-size:13px;color:#6b7280">${e(empty)}</p>`
      : `<table role="presentation" width="100%" style="border-collapse:collapse;margin:0 0 20px">
<tr>${head.map((h) => `<th style="${cell};color:#6b7280;font-weight:600">${e(h)}</th>`).join('')}</tr>
${rows.map((row) => `<tr>${row.map((v) => `<td style="${cell}">${e(v)}</td>`).join('')}</tr>`).join('\n')}
</table>`;
  return `<h2 style="margin:20px 0 8px;font-size:15px">${e(title)}</h2>\n${body}`;
}

export function renderDigestHtml(
  data: DigestData,
  timeZone: string,
  links: DigestLinks,
  preview: boolean,
): string {
  const title = `${data.frequency === 'daily' ? 'Daily' : 'Weekly'} digest`;
  const facts = summaryFacts(data)
    .map(
      ([label, value]) =>
        `<td style="padding:8px 12px 8px 0;vertical-align:top"><div style="font-size:12px;color:#6b7280">${e(label)}</div><div style="font-size:18px;font-weight:600">${e(value)}</div></td>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(title)}</title></head>
<body style="margin:0;padding:24px;background:#f3f4f6;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#111827">
<table role="presentation" width="100%" style="max-width:640px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<tr><td>
<h1 style="margin:0 0 4px;font-size:20px">${e(preview ? `${title} (preview)` : title)}</h1>
<p style="margin:0 0 16px;font-size:14px;color:#6b7280">${e(periodLabel(data, timeZone))}</p>
<table role="presentation" style="border-collapse:collapse;margin:0 0 8px"><tr>${facts}</tr></table>
${sections(data, timeZone).map(sectionHtml).join('\n')}
<a href="${e(links.report)}" style="display:inline-block;background:#111827;color:#ffffff;text-decoration:none;padding:10px 16px;border-radius:6px;font-size:14px">Open in Upwatch</a>
<p style="margin:24px 0 0;font-size:12px;color:#6b7280">You get this digest because it is on in your Upwatch settings. <a href="${e(links.unsubscribe)}" style="color:#6b7280">Unsubscribe</a></p>
</td></tr>
</table>
</body></html>`;
}

export function renderDigestText(
  data: DigestData,
  timeZone: string,
  links: DigestLinks,
  preview: boolean,
): string {
  const title = `${data.frequency === 'daily' ? 'Daily' : 'Weekly'} digest${preview ? ' (preview)' : ''}`;
  const lines = [title, periodLabel(data, timeZone), ''];
  for (const [label, value] of summaryFacts(data)) lines.push(`${label}: ${value}`);
  for (const section of sections(data, timeZone)) {
    lines.push('', section.title);
    if (section.rows.length === 0) lines.push(section.empty);
    for (const row of section.rows) lines.push(`- ${row.filter(Boolean).join(' · ')}`);
  }
  lines.push('', `Open in Upwatch: ${links.report}`, `Unsubscribe: ${links.unsubscribe}`);
  return lines.join('\n');
}
