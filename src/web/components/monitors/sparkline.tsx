import { formatMs } from '../../lib/format';

const WIDTH = 120;
const HEIGHT = 28;

/** Hourly average response over the last 24 hours as a small line; hours without data leave gaps. */
export function Sparkline({ values, className }: { values: readonly (number | null)[]; className?: string }) {
  const known = values.filter((value): value is number => value !== null);
  if (known.length === 0) {
    return <span className="text-xs text-muted">No data yet</span>;
  }
  const max = Math.max(...known);
  const min = Math.min(...known);
  const span = max - min || 1;
  const step = values.length > 1 ? WIDTH / (values.length - 1) : 0;
  const y = (value: number) => HEIGHT - 2 - ((value - min) / span) * (HEIGHT - 4);

  // One path with a move-to after every gap, so missing hours are not bridged.
  let path = '';
  let drawing = false;
  values.forEach((value, index) => {
    if (value === null) {
      drawing = false;
      return;
    }
    path += `${drawing ? 'L' : 'M'}${(index * step).toFixed(1)},${y(value).toFixed(1)}`;
    drawing = true;
  });
  const last = known.at(-1) ?? 0;
  // An hour between two empty ones has no line to sit on; it gets a dot.
  const lone = values.flatMap((value, index) =>
    value !== null && values[index - 1] == null && values[index + 1] == null ? [{ index, value }] : [],
  );

  return (
    <svg
      viewBox={`-2 0 ${WIDTH + 4} ${HEIGHT}`}
      width={WIDTH}
      height={HEIGHT}
      className={className}
      role="img"
      aria-label={`Response time, last 24 hours: ${formatMs(min)} to ${formatMs(max)}, latest ${formatMs(last)}`}
    >
      <path
        d={path}
        fill="none"
        stroke="currentColor"
        strokeWidth={1.5}
        strokeLinejoin="round"
        strokeLinecap="round"
      />
      {lone.map(({ index, value }) => (
        <circle key={index} cx={index * step} cy={y(value)} r={1.75} fill="currentColor" />
      ))}
    </svg>
  );
}
