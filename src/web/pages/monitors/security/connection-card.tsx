import { CheckCircle2, CircleMinus, XCircle } from 'lucide-react';
import type { SslCheck } from '../../../../core/api/ssl';
import { Card, CardHeader, CardTitle } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';

type Verdict = 'pass' | 'fail' | 'info';

const ICON = { pass: CheckCircle2, fail: XCircle, info: CircleMinus } as const;
const ICON_CLASS: Record<Verdict, string> = {
  pass: 'text-accent',
  fail: 'text-danger',
  info: 'text-muted',
};

// Below TLS 1.2 counts as weak, as the runner's weak_protocol problem does.
const WEAK_PROTOCOLS = new Set(['SSLv3', 'TLSv1', 'TLSv1.1']);

function Fact({ label, value, verdict }: { label: string; value: string; verdict: Verdict }) {
  const Icon = ICON[verdict];
  return (
    <div className="flex items-start gap-3 px-5 py-3 sm:px-6">
      <Icon className={cn('mt-0.5 size-4 shrink-0', ICON_CLASS[verdict])} aria-hidden />
      <div className="min-w-0">
        <dt className="text-xs font-medium tracking-wide text-muted uppercase">{label}</dt>
        <dd className="mt-0.5 text-sm break-words">{value}</dd>
      </div>
    </div>
  );
}

/** How the connection was made and whether a browser would accept it. */
export function ConnectionCard({ check }: { check: SslCheck }) {
  const protocol = check.protocol;
  return (
    <Card>
      <CardHeader className="pb-4 sm:pb-4">
        <CardTitle>Connection</CardTitle>
      </CardHeader>
      <dl className="grid divide-y divide-border border-t border-border sm:grid-cols-2 sm:divide-y-0 sm:[&>div]:border-b sm:[&>div]:border-border sm:[&>div:nth-last-child(-n+2)]:border-b-0">
        <Fact
          label="Trust"
          value={check.trusted ? 'Trusted by browsers' : 'Not trusted'}
          verdict={check.trusted ? 'pass' : 'fail'}
        />
        <Fact
          label="Hostname"
          value={check.hostnameMatch ? 'Matches the certificate' : 'Does not match the certificate'}
          verdict={check.hostnameMatch ? 'pass' : 'fail'}
        />
        <Fact
          label="Protocol"
          value={protocol ?? '—'}
          verdict={protocol === null ? 'info' : WEAK_PROTOCOLS.has(protocol) ? 'fail' : 'pass'}
        />
        <Fact label="Cipher" value={check.cipher ?? '—'} verdict="info" />
        <Fact
          label="OCSP stapling"
          value={check.ocspStapled ? 'Offered' : 'Not offered'}
          verdict={check.ocspStapled ? 'pass' : 'info'}
        />
        <Fact
          label="Chain"
          value={check.chainComplete ? 'Complete' : 'Incomplete'}
          verdict={check.chainComplete ? 'pass' : 'fail'}
        />
      </dl>
    </Card>
  );
}
