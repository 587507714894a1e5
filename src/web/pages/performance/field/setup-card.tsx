import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CircleCheck, LoaderCircle } from 'lucide-react';
import type { RumSettings, RumSettingsInput } from '../../../../core/api/field';
import { WriteButton } from '../../../components/role-lock';
import { CopyButton } from '../../../components/ui/copy-button';
import { FormError } from '../../../components/ui/input';
import { saveRumSettings } from '../../../lib/field';
import { formatDateTime } from '../../../lib/format';
import { useTimeZone } from '../../../lib/use-time-zone';
import { FieldCard } from './field-card';
import { RumSettingsForm } from './rum-settings-form';

/** Turning on or off keeps what was set; the first time, the server's defaults apply. */
function toggled(settings: RumSettings, enabled: boolean): RumSettingsInput {
  if (settings.key === null) return { enabled };
  return {
    enabled,
    sampleRate: settings.sampleRate,
    allowedOrigins: settings.allowedOrigins.length > 0 ? settings.allowedOrigins : undefined,
    routes: settings.routes,
  };
}

function LiveState({ settings }: { settings: RumSettings }) {
  const timeZone = useTimeZone();
  if (settings.firstPageViewAt === null) {
    return (
      <div
        role="status"
        className="flex items-start gap-3 rounded-ui border border-border bg-surface px-4 py-3"
      >
        <LoaderCircle className="mt-0.5 size-5 shrink-0 animate-spin text-muted" aria-hidden />
        <div className="flex flex-col gap-0.5 text-sm">
          <p className="font-medium">Waiting for the first page view</p>
          <p className="text-muted">
            Paste the snippet into your pages' &lt;head&gt; and open one: this turns live by itself.
          </p>
        </div>
      </div>
    );
  }
  return (
    <p className="flex items-center gap-2 text-sm text-accent">
      <CircleCheck className="size-4 shrink-0" aria-hidden />
      Live: the first page view came on {formatDateTime(settings.firstPageViewAt, timeZone, false)}.
    </p>
  );
}

/** Real-user monitoring's switch, the snippet to paste, its waiting state and its settings. */
export function SetupCard({ siteId, settings }: { siteId: string; settings: RumSettings }) {
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: (enabled: boolean) => saveRumSettings(queryClient, siteId, toggled(settings, enabled)),
  });
  const error = <FormError>{toggle.isError ? toggle.error.message : null}</FormError>;

  if (!settings.enabled) {
    return (
      <FieldCard
        title="Real-user monitoring"
        description={
          settings.key === null
            ? "See what your visitors' browsers measure: paste one script tag and their LCP, INP, CLS, FCP and TTFB show here, beside the lab runs."
            : 'Real-user monitoring is off: page views are not counted.'
        }
      >
        <div className="flex flex-col gap-3">
          {error}
          <div>
            <WriteButton size="sm" onClick={() => toggle.mutate(true)} disabled={toggle.isPending}>
              {toggle.isPending ? 'Turning on…' : 'Turn on real-user monitoring'}
            </WriteButton>
          </div>
        </div>
      </FieldCard>
    );
  }

  return (
    <FieldCard
      title="Real-user monitoring"
      description="No cookie, no storage, no IP address kept: one small script that reports each page view's vitals as it is hidden."
      action={
        <WriteButton
          size="sm"
          variant="secondary"
          onClick={() => toggle.mutate(false)}
          disabled={toggle.isPending}
        >
          Turn off
        </WriteButton>
      }
    >
      <div className="flex flex-col gap-5">
        {error}
        <LiveState settings={settings} />
        {settings.snippet ? (
          <div className="flex flex-col gap-2">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h4 className="text-sm font-medium">Snippet</h4>
              <CopyButton text={settings.snippet} label="the snippet" />
            </div>
            <pre className="overflow-x-auto rounded-ui border border-border bg-surface p-3 font-mono text-xs whitespace-pre-wrap break-all">
              <code>{settings.snippet}</code>
            </pre>
          </div>
        ) : null}
        <RumSettingsForm siteId={siteId} settings={settings} />
      </div>
    </FieldCard>
  );
}
