import type { ReactNode } from 'react';
import type { Certificate } from '../../../../core/api/ssl';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { formatNumber } from '../../../lib/format';
import type { Urgency } from './validity';
import { ValidityBar } from './validity-bar';

function Detail({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-xs font-medium tracking-wide text-muted uppercase">{label}</dt>
      <dd className="mt-1 text-sm break-words">{children}</dd>
    </div>
  );
}

function keyText(certificate: Certificate): string {
  if (!certificate.keyType) return '—';
  return certificate.keyBits === null
    ? certificate.keyType
    : `${certificate.keyType} ${formatNumber(certificate.keyBits)} bits`;
}

function issuerText(certificate: Certificate): string {
  const { issuer, issuerOrganization } = certificate;
  return issuerOrganization && issuerOrganization !== issuer ? `${issuer} (${issuerOrganization})` : issuer;
}

export function CertificateCard({
  certificate,
  checkedAt,
  daysRemaining,
  problemCount,
  urgency,
}: {
  certificate: Certificate;
  checkedAt: number;
  daysRemaining: number;
  problemCount: number;
  urgency: Urgency;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Certificate</CardTitle>
        <CardDescription>Issued by {issuerText(certificate)}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <ValidityBar
          validFrom={certificate.validFrom}
          validTo={certificate.validTo}
          checkedAt={checkedAt}
          daysRemaining={daysRemaining}
          problemCount={problemCount}
          urgency={urgency}
        />
        <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
          <Detail label="Subject">{certificate.subjectCn ?? '—'}</Detail>
          <Detail label="Issuer">{issuerText(certificate)}</Detail>
          <Detail label="Alternative names" wide>
            {certificate.subjectAltNames.length === 0 ? (
              '—'
            ) : (
              <ul aria-label="Alternative names" className="flex flex-wrap gap-1.5">
                {certificate.subjectAltNames.map((name) => (
                  <li
                    key={name}
                    className="rounded-full border border-border bg-surface px-2 py-0.5 font-mono text-xs"
                  >
                    {name}
                  </li>
                ))}
              </ul>
            )}
          </Detail>
          <Detail label="Key">{keyText(certificate)}</Detail>
          <Detail label="Signature algorithm">{certificate.signatureAlgorithm ?? '—'}</Detail>
          <Detail label="Serial number">
            <span className="font-mono text-xs break-all">{certificate.serialNumber}</span>
          </Detail>
          <Detail label="SHA-256 fingerprint" wide>
            <span className="font-mono text-xs break-all">{certificate.fingerprintSha256}</span>
          </Detail>
        </dl>
      </CardContent>
    </Card>
  );
}
