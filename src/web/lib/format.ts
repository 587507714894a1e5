// Every number the user reads is US-English formatted, every time is shown in the viewer's
// time zone (ARCHITECTURE.md).

// Building an Intl formatter costs far more than using one, and a list renders hundreds of
// figures and times: each set of options (zone included) gets one formatter, kept for reuse.
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function cached<F>(cache: Map<string, F>, options: object, create: () => F): F {
  const key = JSON.stringify(options);
  let format = cache.get(key);
  if (!format) {
    format = create();
    cache.set(key, format);
  }
  return format;
}

/** The en-US date/time formatter for these options, made once. */
export function dateTimeFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached(dateTimeFormats, options, () => new Intl.DateTimeFormat('en-US', options));
}

/** The en-US number formatter for these options, made once. */
export function numberFormat(options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return cached(numberFormats, options, () => new Intl.NumberFormat('en-US', options));
}

/**
 * Builds the formatters the dashboard's first screen uses. A page's first Intl formatter costs
 * ~15 ms (ICU loads its locale data): better spent while someone types than after they sign in.
 */
export function warmFormatters(timeZone: string): void {
  formatNumber(0);
  formatPercent(0);
  formatMs(1);
  formatDateTime(0, timeZone);
}

export function formatNumber(value: number): string {
  return numberFormat().format(value);
}

export function formatPercent(value: number, fractionDigits = 2): string {
  return numberFormat({
    style: 'percent',
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(value / 100);
}

/** "120 ms"; under a millisecond "0.05 ms", as whole milliseconds would read 0 (a loopback ping). */
export function formatMs(value: number): string {
  if (value > 0 && value < 1) {
    return value < 0.01 ? '<0.01 ms' : `${numberFormat({ maximumFractionDigits: 2 }).format(value)} ms`;
  }
  return `${numberFormat().format(Math.round(value))} ms`;
}

export { formatDuration } from '../../core/duration.ts';

const plurals = new Intl.PluralRules('en-US');

/** "1 check", "2 checks", "1,024 checks". */
export function formatCount(count: number, one: string, other: string): string {
  return `${formatNumber(count)} ${plurals.select(count) === 'one' ? one : other}`;
}

/** "just now", "12 s ago", "5 min ago", "3 h ago", "2 d ago". */
export function formatAgo(ms: number): string {
  if (ms < 2000) return 'just now';
  const seconds = Math.floor(ms / 1000);
  if (seconds < 60) return `${seconds} s ago`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h ago`;
  return `${formatNumber(Math.floor(seconds / 86_400))} d ago`;
}

/** "Mar 3, 2025, 4:05:09 PM" in the given zone. */
export function formatDateTime(at: number, timeZone: string, seconds = true): string {
  return dateTimeFormat({
    timeZone,
    dateStyle: 'medium',
    timeStyle: seconds ? 'medium' : 'short',
  }).format(at);
}

/** "4:05:09 PM" in the given zone. */
export function formatTime(at: number, timeZone: string): string {
  return dateTimeFormat({ timeZone, timeStyle: 'medium' }).format(at);
}

/** "Mon, Mar 3, 2025" in the given zone. */
export function formatDay(at: number, timeZone: string): string {
  return dateTimeFormat({
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  }).format(at);
}

/** "every 30 s", "every 5 min", "every 1 h". */
export function formatInterval(seconds: number): string {
  if (seconds % 3600 === 0) return `every ${formatNumber(seconds / 3600)} h`;
  if (seconds % 60 === 0) return `every ${formatNumber(seconds / 60)} min`;
  return `every ${formatNumber(seconds)} s`;
}

/** "$1,234.50", "-$13.33": billing amounts always show cents, unlike the pricing headlines. */
export function formatMoney(amount: number, currency = 'usd'): string {
  return numberFormat({
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

/** "Mar 3, 2025" in the given zone. */
export function formatDate(at: number, timeZone: string): string {
  return dateTimeFormat({ timeZone, dateStyle: 'medium' }).format(at);
}
