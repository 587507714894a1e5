// Escaping and the few number and date formats the public pages, feed and badges share.
const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML and XML content and attribute values alike. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/** Two decimals, rounded down so a single failed check never shows as 100%. */
export function formatPercent(percent: number): string {
  const floored = Math.floor(percent * 100) / 100;
  return `${floored.toFixed(2).replace(/\.?0+$/, '')}%`;
}

const DAY_FORMAT = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const TIME_FORMAT = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});

/** 'Nov 3': the bars span 90 days, so the year never tells two of them apart. */
export function formatDay(at: number): string {
  return DAY_FORMAT.format(at);
}

/** UTC text for pages without JavaScript; the page's script rewrites it in the visitor's zone. */
export function formatTime(at: number): string {
  return `${TIME_FORMAT.format(at)} UTC`;
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}
