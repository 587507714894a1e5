import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { toast } from 'sonner';
import {
  DIGEST_FREQUENCIES,
  DIGEST_FREQUENCY_LABELS,
  type DigestFrequency,
  type DigestPreview,
  type DigestSettings,
  type DigestSettingsInput,
} from '../../../../core/api/digests';
import { lowestPlanWith } from '../../../../core/plans';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field, FormError, Label, NativeSelect } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { UpgradeCard } from '../../../components/upgrade-card';
import { apiSend } from '../../../lib/api';
import {
  DIGEST_PREVIEW_PATH,
  DIGEST_SETTINGS_PATH,
  digestKeys,
  digestSettingsQueryOptions,
  formatHour,
  WEEKDAYS,
} from '../../../lib/digests';
import { formatDateTime } from '../../../lib/format';
import { useHasFeature, usePlan } from '../../../lib/use-plan';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

function DigestForm({ settings }: { settings: DigestSettings }) {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (input: DigestSettingsInput) => apiSend<DigestSettings>('PUT', DIGEST_SETTINGS_PATH, input),
    onSuccess: (saved) => {
      queryClient.setQueryData(digestKeys.settings, saved);
      toast.success('Digest settings saved');
    },
  });
  const preview = useMutation({
    mutationFn: () => apiSend<DigestPreview>('POST', DIGEST_PREVIEW_PATH),
  });
  const off = settings.frequency === 'off';

  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-3">
        <Field>
          <Label htmlFor="digest-frequency">Frequency</Label>
          <NativeSelect
            id="digest-frequency"
            value={settings.frequency}
            disabled={save.isPending}
            onChange={(event) => save.mutate({ frequency: event.target.value as DigestFrequency })}
          >
            {DIGEST_FREQUENCIES.map((frequency) => (
              <option key={frequency} value={frequency}>
                {DIGEST_FREQUENCY_LABELS[frequency]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        {settings.frequency === 'weekly' && (
          <Field>
            <Label htmlFor="digest-weekday">Day</Label>
            <NativeSelect
              id="digest-weekday"
              value={settings.weekday}
              disabled={save.isPending}
              onChange={(event) => save.mutate({ weekday: Number(event.target.value) })}
            >
              {WEEKDAYS.map((day, index) => (
                <option key={day} value={index + 1}>
                  {day}
                </option>
              ))}
            </NativeSelect>
          </Field>
        )}
        {!off && (
          <Field>
            <Label htmlFor="digest-hour">Hour</Label>
            <NativeSelect
              id="digest-hour"
              value={settings.hour}
              disabled={save.isPending}
              onChange={(event) => save.mutate({ hour: Number(event.target.value) })}
            >
              {HOURS.map((hour) => (
                <option key={hour} value={hour}>
                  {formatHour(hour)}
                </option>
              ))}
            </NativeSelect>
          </Field>
        )}
      </div>
      <p className="text-sm text-muted">
        Times are in your time zone, <span className="font-medium text-fg">{settings.timezone}</span>.{' '}
        {settings.nextSendAt === null
          ? 'Digests are off.'
          : `Next digest: ${formatDateTime(settings.nextSendAt, settings.timezone, false)}.`}
      </p>
      <FormError>{save.error?.message ?? null}</FormError>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" onClick={() => preview.mutate()} disabled={preview.isPending}>
          <Send className="size-4" aria-hidden />
          {preview.isPending ? 'Sending…' : 'Send me a preview now'}
        </Button>
        {preview.isSuccess && (
          <span className="text-sm text-muted">Preview sent to {preview.data.sentTo}.</span>
        )}
        <FormError>{preview.error?.message ?? null}</FormError>
      </div>
    </div>
  );
}

function DigestSettingsBody() {
  const settings = useQuery(digestSettingsQueryOptions);
  if (settings.isPending) return <Spinner label="Loading digest settings" />;
  if (settings.isError) return <FormError>{settings.error.message}</FormError>;
  return <DigestForm settings={settings.data} />;
}

/** The 'Email digests' card of the user settings tab: off, daily or weekly, and a preview. */
export function DigestSettingsCard() {
  const allowed = useHasFeature('digests');
  const { isLoading } = usePlan();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Email digests</CardTitle>
        <CardDescription>
          A summary of uptime, incidents, response times, certificates and Web Vitals, sent to your email.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {allowed ? (
          <DigestSettingsBody />
        ) : isLoading ? (
          <Spinner />
        ) : (
          <div className="flex flex-col gap-3">
            <p className="text-sm text-muted">
              Email digests require the {lowestPlanWith('digests').displayName} plan or higher.
            </p>
            <UpgradeCard trigger="feature" feature="digests" compact />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
