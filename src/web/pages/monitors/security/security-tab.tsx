import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, ShieldCheck, ShieldOff } from 'lucide-react';
import type { SslCheck, SslOverview } from '../../../../core/api/ssl';
import { FeatureGate } from '../../../components/feature-gate';
import { Card, CardContent } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormError } from '../../../components/ui/input';
import { PageSpinner } from '../../../components/ui/spinner';
import { formatDateTime } from '../../../lib/format';
import { useRouteMonitor } from '../../../lib/use-monitor';
import { useTimeZone } from '../../../lib/use-time-zone';
import { KindTab } from '../kind-tab';
import { kindUi } from '../kinds/registry';
import { CertificateCard } from './certificate-card';
import { CertificateHistory } from './certificate-history';
import { ChainCard } from './chain-card';
import { ConnectionCard } from './connection-card';
import { DomainCard } from './domain-card';
import { ProblemsCard } from './problems-card';
import { sslQueryOptions } from './ssl-query';
import { urgencyOf } from './validity';

function CheckTimes({ checkedAt, nextCheckAt }: { checkedAt: number; nextCheckAt: number | null }) {
  const timeZone = useTimeZone();
  return (
    <p className="text-sm text-muted">
      Last checked {formatDateTime(checkedAt, timeZone, false)}
      {nextCheckAt === null ? null : ` · Next check ${formatDateTime(nextCheckAt, timeZone, false)}`}
    </p>
  );
}

/** No certificate could be read at all: the connection failed before TLS finished. */
function UnreadableCertificate({ error }: { error: SslCheck['error'] }) {
  return (
    <Card>
      <CardContent className="flex items-start gap-3">
        <AlertTriangle className="mt-0.5 size-5 shrink-0 text-danger" aria-hidden />
        <div>
          <p className="font-semibold">We couldn't read the certificate</p>
          <p className="mt-1 text-sm text-muted">{error?.message ?? 'The server sent no certificate.'}</p>
        </div>
      </CardContent>
    </Card>
  );
}

function CheckedCertificate({ overview, check }: { overview: SslOverview; check: SslCheck }) {
  const { certificate } = check;
  return (
    <div className="flex flex-col gap-6">
      <CheckTimes checkedAt={check.checkedAt} nextCheckAt={overview.nextCheckAt} />
      {certificate === null || check.daysRemaining === null ? (
        <UnreadableCertificate error={check.error} />
      ) : (
        <>
          <CertificateCard
            certificate={certificate}
            checkedAt={check.checkedAt}
            daysRemaining={check.daysRemaining}
            problemCount={check.problems.length}
            urgency={urgencyOf(check)}
          />
          <ProblemsCard problems={check.problems} />
          <ConnectionCard check={check} />
          {check.chain.length > 0 ? <ChainCard chain={check.chain} complete={check.chainComplete} /> : null}
        </>
      )}
      <CertificateHistory
        certificates={overview.certificates}
        currentFingerprint={certificate?.fingerprintSha256 ?? null}
      />
    </div>
  );
}

function CertificateScreen() {
  const monitor = useRouteMonitor();
  const ssl = useQuery(sslQueryOptions(monitor.id));
  if (ssl.isPending) return <PageSpinner />;
  if (ssl.isError) return <FormError>{`We couldn't load the certificate. ${ssl.error.message}`}</FormError>;
  const overview = ssl.data;
  if (!overview.applicable) {
    return (
      <EmptyState icon={ShieldOff} title="No certificate to check" level={2}>
        {kindUi(monitor.kind).noCertificate}
      </EmptyState>
    );
  }
  if (overview.current === null && monitor.paused) {
    return (
      <EmptyState icon={ShieldCheck} title="No certificate checks yet" level={2}>
        This monitor is paused. Its certificate is checked as soon as you resume it.
      </EmptyState>
    );
  }
  if (overview.current === null) {
    return (
      <EmptyState icon={ShieldCheck} title="No certificate checks yet" level={2}>
        The first check of this site's certificate runs in a moment; its expiry, chain and hostname appear
        here as soon as it finishes.
      </EmptyState>
    );
  }
  return <CheckedCertificate overview={overview} check={overview.current} />;
}

function SecurityScreen() {
  const monitor = useRouteMonitor();
  return (
    <div className="flex flex-col gap-6">
      <DomainCard monitorId={monitor.id} />
      <CertificateScreen />
    </div>
  );
}

export function SecurityTab() {
  return (
    <KindTab tab="security">
      <FeatureGate gate="monitorSecurity">
        <SecurityScreen />
      </FeatureGate>
    </KindTab>
  );
}
