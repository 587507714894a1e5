import { AlertTriangle } from 'lucide-react';
import type { ChainEntry } from '../../../../core/api/ssl';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { formatDate } from '../../../lib/format';
import { useTimeZone } from '../../../lib/use-time-zone';

const PILL = 'rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap';

function role(index: number, entry: ChainEntry, count: number): string {
  if (index === 0) return 'Leaf';
  return index === count - 1 && entry.selfSigned ? 'Root' : 'Intermediate';
}

function ChainRow({ entry, label }: { entry: ChainEntry; label: string }) {
  const timeZone = useTimeZone();
  return (
    <li className="flex flex-col gap-1 px-5 py-3 sm:flex-row sm:items-center sm:justify-between sm:px-6">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span className={`${PILL} border-border bg-surface text-muted`}>{label}</span>
          <span className="break-all">{entry.subject}</span>
          {entry.selfSigned ? (
            <span className={`${PILL} border-warning/30 bg-warning/10 text-warning`}>Self-signed</span>
          ) : null}
        </p>
        <p className="mt-0.5 text-xs text-muted">Issued by {entry.issuer}</p>
      </div>
      <p className="text-sm whitespace-nowrap text-muted">Expires {formatDate(entry.validTo, timeZone)}</p>
    </li>
  );
}

/** The certificates the server sent, leaf first, and where the chain stops short of a root. */
export function ChainCard({ chain, complete }: { chain: ChainEntry[]; complete: boolean }) {
  return (
    <Card>
      <CardHeader className="pb-4 sm:pb-4">
        <CardTitle>Chain</CardTitle>
        <CardDescription>
          {complete
            ? 'Complete: the server sends every certificate a browser needs.'
            : 'Incomplete: the server leaves out a certificate.'}
        </CardDescription>
      </CardHeader>
      <ol aria-label="Certificate chain" className="divide-y divide-border border-t border-border">
        {chain.map((entry, index) => (
          <ChainRow
            // biome-ignore lint/suspicious/noArrayIndexKey: a server may send one certificate twice; its place is its identity
            key={`${index}-${entry.fingerprintSha256}`}
            entry={entry}
            label={role(index, entry, chain.length)}
          />
        ))}
        {complete ? null : (
          <li className="flex items-center gap-2 px-5 py-3 text-sm text-danger sm:px-6">
            <AlertTriangle className="size-4 shrink-0" aria-hidden />
            Missing intermediate certificate: the server does not send the certificate that issued the last
            one above.
          </li>
        )}
      </ol>
    </Card>
  );
}
