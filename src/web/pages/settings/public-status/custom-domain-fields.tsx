import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, CircleDashed } from 'lucide-react';
import { toast } from 'sonner';
import { normalizeHostname } from '../../../../core/api/status-page-extras';
import type { StatusPage } from '../../../../core/api/status-pages';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { CopyButton } from '../../../components/ui/copy-button';
import { FormError, Input } from '../../../components/ui/input';
import { apiSend, RequestError } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { statusPageKeys, statusPagePath } from '../../../lib/status-pages';
import { useTimeZone } from '../../../lib/use-time-zone';
import { describedBy, FormField } from '../../monitors/form/form-field';
import type { SetField } from './appearance-fields';
import type { FieldErrors, StatusPageFormState } from './form-values';

function DnsRecord({ type, name, value }: { type: string; name: string; value: string }) {
  return (
    <section className="flex flex-col gap-1.5 text-sm" aria-label={`${type} record`}>
      <h3 className="font-medium">{type} record</h3>
      {[
        ['Name', name],
        [type === 'TXT' ? 'Value' : 'Points to', value],
      ].map(([label, text]) => (
        <div key={label} className="flex min-w-0 flex-col gap-1 sm:flex-row sm:items-center sm:gap-2">
          <span className="text-muted sm:w-20 sm:shrink-0">{label}</span>
          <div className="flex min-w-0 flex-1 items-center gap-2">
            <code className="min-w-0 flex-1 rounded bg-surface px-2 py-1 break-all">{text}</code>
            <CopyButton text={text ?? ''} label={`${type} ${label?.toLowerCase()}`} />
          </div>
        </div>
      ))}
    </section>
  );
}

/** The saved hostname's DNS records, its verification state and the Verify button. */
function DomainRecords({ page }: { page: StatusPage }) {
  const queryClient = useQueryClient();
  const timeZone = useTimeZone();
  const domain = page.customDomain;
  const verify = useMutation({
    mutationFn: () => apiSend<StatusPage>('POST', `${statusPagePath(page.id)}/custom-domain/verify`),
    onSuccess: async (checked) => {
      if (checked.customDomain?.verified) toast.success(`${checked.customDomain.hostname} is verified.`);
      await queryClient.invalidateQueries({ queryKey: statusPageKeys.all });
    },
    onError: async (error) => {
      // A claim unverified for 7 days was dropped: these records are gone, so say so where it lasts.
      if (!(error instanceof RequestError) || error.code !== 'domain_claim_expired') return;
      toast.error(error.message);
      await queryClient.invalidateQueries({ queryKey: statusPageKeys.all });
    },
  });
  if (!domain) return null;
  return (
    <div className="flex flex-col gap-4 rounded-ui border border-border p-4">
      <div className="flex flex-wrap items-center gap-2">
        {domain.verified ? (
          <span className="inline-flex items-center gap-1.5 text-sm font-medium text-accent">
            <CheckCircle2 className="size-4" aria-hidden />
            Verified: {domain.hostname} serves this page
          </span>
        ) : (
          <span className="inline-flex items-center gap-1.5 text-sm font-medium text-muted">
            <CircleDashed className="size-4" aria-hidden />
            Not verified yet
          </span>
        )}
        {domain.checkedAt ? (
          <span className="text-xs text-muted">
            Checked {formatDateTime(domain.checkedAt, timeZone, false)}
          </span>
        ) : null}
      </div>
      {!domain.verified && domain.checkError ? (
        <p role="status" className="text-sm text-danger">
          {domain.checkError}
        </p>
      ) : null}
      <p className="text-sm text-muted">Create these two records at your DNS provider:</p>
      <DnsRecord type="CNAME" name={domain.records.cname.name} value={domain.records.cname.value} />
      <DnsRecord type="TXT" name={domain.records.txt.name} value={domain.records.txt.value} />
      <FormError>{verify.error?.message}</FormError>
      {domain.verified ? null : (
        <Button className="self-start" onClick={() => verify.mutate()} disabled={verify.isPending}>
          {verify.isPending ? 'Verifying…' : 'Verify'}
        </Button>
      )}
    </div>
  );
}

/** The page's own hostname; once saved, the records to create and the Verify button. */
export function CustomDomainFields({
  state,
  errors,
  set,
  page,
}: {
  state: StatusPageFormState;
  errors: FieldErrors;
  set: SetField;
  /** The saved page, when editing: its records belong to the hostname it has stored. */
  page?: StatusPage;
}) {
  const saved = page?.customDomain?.hostname;
  const typed = normalizeHostname(state.customDomain);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Custom domain</CardTitle>
        <CardDescription>
          Serve the page at your own address, such as status.example.com. HTTPS for it is your reverse proxy's
          job (Upwatch's README shows Caddy doing it on demand).
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <FormField
          id="status-page-domain"
          label="Domain"
          error={errors.customDomain}
          hint={typed && typed !== saved ? 'Save the page to see the DNS records to create.' : undefined}
        >
          <Input
            {...describedBy('status-page-domain', errors.customDomain, typed !== '' && typed !== saved)}
            value={state.customDomain}
            onChange={(event) => set('customDomain', event.target.value, 'customDomain')}
            placeholder="status.example.com"
            className="font-mono"
            autoCapitalize="none"
            spellCheck={false}
          />
        </FormField>
        {page && saved && saved === typed ? <DomainRecords page={page} /> : null}
      </CardContent>
    </Card>
  );
}
