import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { FormError, Input } from '../../../components/ui/input';
import { UpgradeCard } from '../../../components/upgrade-card';
import { cn } from '../../../lib/cn';
import { usePlan } from '../../../lib/use-plan';
import { KindBadge } from '../kinds/kind-badge';
import { KindPicker } from '../kinds/kind-picker';
import { CommonAdvancedFields } from './common-advanced-fields';
import { Checkbox, describedBy, FormField } from './form-field';
import type { MonitorFormState } from './form-values';
import { IntervalField } from './interval-field';
import { PublicField } from './public-field';
import { type SubmitMonitor, useMonitorForm } from './use-monitor-form';

/**
 * The one monitor form: creating and editing differ only in what `onSubmit` sends. It resolves
 * on success and throws the API's error otherwise, which the form maps onto its fields. The
 * kind's own fields come from the kind registry; a monitor being edited keeps its kind.
 */
export function MonitorForm({
  initial,
  monitorId,
  submitLabel,
  pendingLabel,
  onSubmit,
  extra,
}: {
  initial: MonitorFormState;
  /** The monitor being edited: its kind is fixed, and its public link shows beside the flag. */
  monitorId?: string;
  submitLabel: string;
  pendingLabel: string;
  onSubmit: SubmitMonitor;
  /** Cards of the page's own, shown above the submit button (the new monitor's alert channels). */
  extra?: ReactNode;
}) {
  const { plan } = usePlan();
  const f = useMonitorForm(initial, onSubmit);
  const { state, ui, errors } = f;
  const section = state.sections[state.kind];
  const Advanced = ui.advanced?.Section;

  return (
    <form ref={f.form} onSubmit={f.submit} onBlur={f.onBlur} noValidate className="flex flex-col gap-6">
      {monitorId ? null : (
        <Card>
          <CardContent>
            <KindPicker value={state.kind} onChange={f.setKind} />
          </CardContent>
        </Card>
      )}
      <Card>
        <CardContent className="flex flex-col gap-5">
          {monitorId ? (
            <p className="flex items-center gap-2 text-sm text-muted">
              <KindBadge kind={state.kind} />
              {ui.title}. The kind is fixed once a monitor exists.
            </p>
          ) : null}
          <FormField id="monitor-name" label="Name" error={errors.name}>
            <Input
              {...describedBy('monitor-name', errors.name)}
              value={state.common.name}
              onChange={(event) => f.setCommon('name', event.target.value)}
              placeholder="Marketing site"
              maxLength={100}
            />
          </FormField>
          <ui.Section state={section} set={f.setSection} errors={errors} />
          {ui.ownSchedule ? null : (
            <IntervalField
              plan={plan}
              value={state.common.intervalSeconds}
              onChange={(seconds) => f.setCommon('intervalSeconds', seconds)}
              error={errors.interval}
            />
          )}
          <PublicField
            monitorId={monitorId}
            checked={state.common.public}
            onChange={(checked) => f.setCommon('public', checked)}
          />
          {ui.noHost ? null : (
            <Checkbox
              id="monitor-domain-expiry"
              label="Domain expiry warnings"
              hint="Warns 30, 14, 7, 3 and 1 days before the registrable domain of the host expires."
              checked={state.common.domainExpiry}
              onChange={(checked) => f.setCommon('domainExpiry', checked)}
            />
          )}
        </CardContent>
      </Card>

      {/* An untimed kind has no timeout or degraded threshold: without fields of its own, no card. */}
      {ui.untimed && !ui.advanced ? null : (
        <Card>
          <button
            type="button"
            aria-expanded={f.advanced}
            aria-controls="monitor-advanced"
            onClick={f.toggleAdvanced}
            className="flex w-full cursor-pointer items-center justify-between gap-3 p-5 text-left sm:px-6"
          >
            <span>
              <span className="block font-medium">Advanced</span>
              <span className="block text-sm text-muted">
                {ui.advanced ? `${ui.advanced.summary}, timeout` : 'Timeout'}, degraded threshold.
              </span>
            </span>
            <ChevronDown
              className={cn('size-5 shrink-0 transition-transform', f.advanced && 'rotate-180')}
              aria-hidden
            />
          </button>
          {f.advanced ? (
            <CardContent id="monitor-advanced" className="flex flex-col gap-5 border-t border-border">
              {Advanced ? <Advanced state={section} set={f.setSection} errors={errors} /> : null}
              <CommonAdvancedFields state={state.common} set={f.setCommon} errors={errors} />
            </CardContent>
          ) : null}
        </Card>
      )}

      {extra}
      {f.limitReached ? <UpgradeCard trigger="limit" compact /> : null}
      <FormError>{f.formError}</FormError>
      <div className="flex justify-end">
        <Button type="submit" disabled={f.pending}>
          {f.pending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
