// One way to say how long something lasted, so an outage reads the same in an alert, on the
// incident's timeline, on the dashboard and on a status page: "2 min 35 s", never "3 min" here
// and "2 min 35 s" there.

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** "12 s", "2 min 30 s", "3 h 20 min", "2 d 4 h": the two largest units, rounded to the second. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const pair = (big: number, bigUnit: string, small: number, smallUnit: string) =>
    small > 0
      ? `${integer.format(big)} ${bigUnit} ${small} ${smallUnit}`
      : `${integer.format(big)} ${bigUnit}`;
  if (days > 0) return pair(days, 'd', hours, 'h');
  if (hours > 0) return pair(hours, 'h', minutes, 'min');
  if (minutes > 0) return pair(minutes, 'min', seconds, 's');
  return `${seconds} s`;
}
