import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import {
  DEFAULT_BUDGETS,
  DEVICE_PROFILE_LABELS,
  DEVICE_PROFILES,
  type DeviceProfile,
  type PerformanceSite,
  performanceSiteInputSchema,
} from '../../../core/api/performance';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { Field, FormError, Input, Label, NativeSelect } from '../../components/ui/input';
import { UpgradeCard } from '../../components/upgrade-card';
import { apiSend, RequestError } from '../../lib/api';
import { performanceKeys, sitePath } from '../../lib/performance';
import { useHasFeature } from '../../lib/use-plan';
import { useRoleLock } from '../../lib/workspaces';
import { useMonitorChoices } from '../incidents/use-monitor-choices';
import { type BudgetDraft, BudgetsEditor, fromDrafts, toDrafts } from './budgets-editor';

export interface SiteDefaults {
  url?: string;
  monitorId?: string | null;
}

function SiteForm({
  defaults,
  onAdded,
}: {
  defaults: SiteDefaults;
  onAdded: (site: PerformanceSite) => void;
}) {
  const queryClient = useQueryClient();
  const budgeted = useHasFeature('performanceBudgets');
  const monitors = useMonitorChoices();
  const [url, setUrl] = useState(defaults.url ?? '');
  const [name, setName] = useState('');
  const [device, setDevice] = useState<DeviceProfile>('mobile');
  const [monitorId, setMonitorId] = useState(defaults.monitorId ?? '');
  const [budgets, setBudgets] = useState<BudgetDraft[]>(() => toDrafts(DEFAULT_BUDGETS));
  const [problem, setProblem] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: (body: unknown) => apiSend<PerformanceSite>('POST', sitePath(), body),
    onSuccess: (site) => {
      void queryClient.invalidateQueries({ queryKey: performanceKeys.all });
      void queryClient.invalidateQueries({ queryKey: performanceKeys.plan });
      onAdded(site);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const limits = budgeted ? fromDrafts(budgets) : undefined;
    if (typeof limits === 'string') return setProblem(limits);
    const parsed = performanceSiteInputSchema.safeParse({
      url: url.trim(),
      name: name.trim() || undefined,
      device,
      monitorId: monitorId || null,
      budgets: limits,
    });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? 'Check the form.');
    setProblem(null);
    add.mutate(parsed.data);
  };
  const refusal = add.error instanceof RequestError ? add.error : null;

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <Field>
        <Label htmlFor="site-url">URL</Label>
        <Input
          id="site-url"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          placeholder="https://example.com"
        />
      </Field>
      <Field>
        <Label htmlFor="site-name">Name (optional)</Label>
        <Input
          id="site-name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder="The URL's host"
        />
      </Field>
      <Field>
        <Label htmlFor="site-device">Device</Label>
        <NativeSelect
          id="site-device"
          value={device}
          onChange={(e) => setDevice(e.target.value as DeviceProfile)}
        >
          {DEVICE_PROFILES.map((profile) => (
            <option key={profile} value={profile}>
              {DEVICE_PROFILE_LABELS[profile]}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field>
        <Label htmlFor="site-monitor">Linked monitor (optional)</Label>
        <NativeSelect id="site-monitor" value={monitorId} onChange={(e) => setMonitorId(e.target.value)}>
          <option value="">None</option>
          {(monitors ?? []).map((monitor) => (
            <option key={monitor.id} value={monitor.id}>
              {monitor.name}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">Budgets</legend>
        {budgeted ? (
          <BudgetsEditor value={budgets} onChange={setBudgets} />
        ) : (
          <UpgradeCard trigger="feature" feature="performanceBudgets" compact />
        )}
      </fieldset>
      <FormError>{problem ?? (add.isError ? add.error.message : null)}</FormError>
      {refusal?.code === 'performance_site_limit_reached' ? <UpgradeCard trigger="general" compact /> : null}
      <Button type="submit" disabled={add.isPending}>
        {add.isPending ? 'Adding…' : 'Add site'}
      </Button>
    </form>
  );
}

/** 'Add site' in a dialog; `defaults` prefill it (a monitor's URL and link). */
export function AddSiteDialog({
  trigger,
  defaults = {},
  onAdded,
}: {
  trigger: ReactNode;
  defaults?: SiteDefaults;
  onAdded?: (site: PerformanceSite) => void;
}) {
  const [open, setOpen] = useState(false);
  // A viewer's trigger is a locked WriteButton: nothing to open.
  if (useRoleLock() !== null) return trigger;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent
        title="Add a performance site"
        description="Lighthouse measures the page's Core Web Vitals in Chromium on your plan's schedule."
        className="max-w-lg"
      >
        <SiteForm
          defaults={defaults}
          onAdded={(site) => {
            setOpen(false);
            onAdded?.(site);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
