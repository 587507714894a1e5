import { formatAgo, formatDateTime } from '../../lib/format';
import { useNow } from '../../lib/use-now';
import { useTimeZone } from '../../lib/use-time-zone';

/** "Checked 12 s ago", ticking every second; the exact time in the viewer's zone on hover. */
export function CheckedAgo({ at, prefix = 'Checked' }: { at: number | null; prefix?: string }) {
  const now = useNow(1000);
  const timeZone = useTimeZone();
  if (at === null) return <span className="text-muted">Not checked yet</span>;
  return (
    <time dateTime={new Date(at).toISOString()} title={formatDateTime(at, timeZone)}>
      {prefix ? `${prefix} ` : ''}
      {formatAgo(Math.max(0, now - at))}
    </time>
  );
}
