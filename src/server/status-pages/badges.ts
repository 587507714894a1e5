// Flat badges in the shields.io style: a grey label, a coloured message, text widths estimated
// from Verdana 11px advance widths (no font files on the server).
import type { MonitorStatus } from '../../core/api/monitors.ts';
import { escapeXml as e } from './format.ts';
import type { PageLocale } from './i18n/locale.ts';

const NARROW = new Set([..."iljtf.,:;!|'()[] "]);
const WIDE = new Set([...'mwMW%@']);

/** Verdana 11px advance widths, near enough to size a badge without a font file. */
export function textWidth(text: string): number {
  let width = 0;
  for (const char of text) {
    if (NARROW.has(char)) width += 4;
    else if (WIDE.has(char)) width += 10;
    else if (char >= 'A' && char <= 'Z') width += 7.5;
    // Kana and CJK ideographs are square: about the font size wide.
    else if (char >= '\u2e80') width += 11;
    else width += 7;
  }
  return Math.round(width);
}

export function renderBadge(label: string, message: string, color: string): string {
  const labelWidth = textWidth(label) + 10;
  const messageWidth = textWidth(message) + 10;
  const width = labelWidth + messageWidth;
  const title = `${label}: ${message}`;
  const text = (x: number, value: string) =>
    `<text x="${x}" y="15" fill="#010101" fill-opacity=".3">${e(value)}</text><text x="${x}" y="14">${e(value)}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="20" role="img" aria-label="${e(title)}"><title>${e(title)}</title><linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/></linearGradient><clipPath id="r"><rect width="${width}" height="20" rx="3" fill="#fff"/></clipPath><g clip-path="url(#r)"><rect width="${labelWidth}" height="20" fill="#555"/><rect x="${labelWidth}" width="${messageWidth}" height="20" fill="${color}"/><rect width="${width}" height="20" fill="url(#s)"/></g><g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" font-size="11">${text(labelWidth / 2, label)}${text(labelWidth + messageWidth / 2, message)}</g></svg>`;
}

const STATUS_COLORS: Record<MonitorStatus, string> = {
  up: '#4c1',
  degraded: '#dfb317',
  down: '#e05d44',
  paused: '#9f9f9f',
  pending: '#9f9f9f',
  // Orange, apart from the red of down: no recent result, so nothing is known either way.
  stale: '#fe7d37',
};

export function statusBadge(status: MonitorStatus, { t }: PageLocale): string {
  return renderBadge(t.badgeStatus, t.badgeStates[status], STATUS_COLORS[status]);
}

function uptimeColor(percent: number): string {
  if (percent >= 99.9) return '#4c1';
  if (percent >= 99) return '#97ca00';
  if (percent >= 95) return '#dfb317';
  return '#e05d44';
}

export function uptimeBadge(period: string, percent: number | null, locale: PageLocale): string {
  const label = locale.t.badgeUptime(period);
  return percent === null
    ? renderBadge(label, locale.t.badgeNoData, '#9f9f9f')
    : renderBadge(label, locale.percent(percent), uptimeColor(percent));
}
