// Every number the user reads is US-English formatted (ARCHITECTURE.md).
const numberFormat = new Intl.NumberFormat('en-US');

export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

export function formatPercent(value: number, fractionDigits = 2): string {
  return new Intl.NumberFormat('en-US', {
    style: 'percent',
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(value / 100);
}

export function formatMs(value: number): string {
  return `${numberFormat.format(Math.round(value))} ms`;
}
