import type { CertificateChange } from '../../../../core/api/ssl';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useTimeZone } from '../../../lib/use-time-zone';

function ChangeRow({ change, current }: { change: CertificateChange; current: boolean }) {
  const timeZone = useTimeZone();
  return (
    <li className="flex flex-col gap-1 px-5 py-3 sm:flex-row sm:items-center sm:justify-between sm:px-6">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span className="break-all">{change.subjectCn ?? 'No common name'}</span>
          {current ? (
            <span className="rounded-full border border-accent/30 bg-accent-soft px-2 py-0.5 text-xs font-medium text-accent">
              Current
            </span>
          ) : null}
        </p>
        <p className="mt-0.5 text-xs text-muted">
          Issued by {change.issuer} · valid {formatDate(change.validFrom, timeZone)} to{' '}
          {formatDate(change.validTo, timeZone)}
        </p>
        <p className="mt-0.5 truncate font-mono text-xs text-muted" title={change.fingerprintSha256}>
          {change.fingerprintSha256}
        </p>
      </div>
      <div className="text-xs whitespace-nowrap text-muted sm:text-right">
        <p>First seen {formatDateTime(change.firstSeenAt, timeZone, false)}</p>
        <p>Last seen {formatDateTime(change.lastSeenAt, timeZone, false)}</p>
      </div>
    </li>
  );
}

/** Every certificate the monitor has served, newest first. */
export function CertificateHistory({
  certificates,
  currentFingerprint,
}: {
  certificates: CertificateChange[];
  currentFingerprint: string | null;
}) {
  const newestFirst = [...certificates].sort((a, b) => b.firstSeenAt - a.firstSeenAt);
  return (
    <Card>
      <CardHeader className="pb-4 sm:pb-4">
        <CardTitle>Certificate history</CardTitle>
        <CardDescription>Each certificate the site has served, newest first.</CardDescription>
      </CardHeader>
      {newestFirst.length === 0 ? (
        <p className="px-5 pb-5 text-sm text-muted sm:px-6">No certificate seen yet.</p>
      ) : (
        <ol aria-label="Certificate history" className="divide-y divide-border border-t border-border">
          {newestFirst.map((change) => (
            <ChangeRow
              key={change.fingerprintSha256}
              change={change}
              current={change.fingerprintSha256 === currentFingerprint}
            />
          ))}
        </ol>
      )}
    </Card>
  );
}
