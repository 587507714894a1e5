import { ChevronDown } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { MonitorInput } from '../../../../core/api/monitors';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { FormError, Input } from '../../../components/ui/input';
import { UpgradeCard } from '../../../components/upgrade-card';
import { cn } from '../../../lib/cn';
import { usePlan } from '../../../lib/use-plan';
import { AdvancedFields, type SetField } from './advanced-fields';
import { describedBy, FormField } from './form-field';
import {
  ADVANCED_FIELDS,
  type FieldErrors,
  type MonitorFormState,
  submitFailure,
  validateForm,
} from './form-values';
import { IntervalField } from './interval-field';
import { PublicField } from './public-field';

/**
 * The one monitor form: creating and editing differ only in what `onSubmit` sends. It resolves
 * on success and throws the API's error otherwise, which the form maps onto its fields.
 */
export function MonitorForm({
  initial,
  monitorId,
  submitLabel,
  pendingLabel,
  onSubmit,
}: {
  initial: MonitorFormState;
  /** The monitor being edited; its public link shows beside the 'public' flag. */
  monitorId?: string;
  submitLabel: string;
  pendingLabel: string;
  onSubmit: (values: MonitorInput, state: MonitorFormState) => Promise<unknown>;
}) {
  const { plan } = usePlan();
  const [state, setState] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [limitReached, setLimitReached] = useState(false);
  const [advanced, setAdvanced] = useState(false);
  const [pending, setPending] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const [failedSubmits, setFailedSubmits] = useState(0);

  // After a refused submit, the first field in error gets the focus (and the screen reader's voice).
  useEffect(() => {
    if (failedSubmits > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [failedSubmits]);

  const set: SetField = (key, value) => {
    setState((current) => ({ ...current, [key]: value }));
    // The message described the old value; clear it as the user fixes it.
    const field =
      key === 'keywordValue' || key === 'keywordMode'
        ? 'keyword'
        : key === 'intervalSeconds'
          ? 'interval'
          : key;
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const show = (fields: FieldErrors, form: string | null) => {
    setErrors(fields);
    setFormError(form);
    if (ADVANCED_FIELDS.some((field) => fields[field])) setAdvanced(true);
    if (Object.values(fields).some(Boolean)) setFailedSubmits((count) => count + 1);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setLimitReached(false);
    const validation = validateForm(state);
    if (!validation.ok) return show(validation.errors, validation.form);
    show({}, null);
    setPending(true);
    try {
      await onSubmit(validation.values, state);
    } catch (error) {
      const failure = submitFailure(error);
      show(failure.fields, failure.form);
      setLimitReached(failure.limitReached);
    } finally {
      setPending(false);
    }
  };

  return (
    <form ref={form} onSubmit={submit} noValidate className="flex flex-col gap-6">
      <Card>
        <CardContent className="flex flex-col gap-5">
          <FormField id="monitor-name" label="Name" error={errors.name}>
            <Input
              {...describedBy('monitor-name', errors.name)}
              value={state.name}
              onChange={(event) => set('name', event.target.value)}
              placeholder="Marketing site"
              maxLength={100}
            />
          </FormField>
          <FormField id="monitor-url" label="URL" error={errors.url}>
            <Input
              {...describedBy('monitor-url', errors.url)}
              type="url"
              inputMode="url"
              value={state.url}
              onChange={(event) => set('url', event.target.value)}
              placeholder="https://example.com/health"
              className="font-mono"
            />
          </FormField>
          <IntervalField
            plan={plan}
            value={state.intervalSeconds}
            onChange={(seconds) => set('intervalSeconds', seconds)}
            error={errors.interval}
          />
          <PublicField
            monitorId={monitorId}
            checked={state.public}
            onChange={(checked) => set('public', checked)}
          />
        </CardContent>
      </Card>

      <Card>
        <button
          type="button"
          aria-expanded={advanced}
          aria-controls="monitor-advanced"
          onClick={() => setAdvanced((open) => !open)}
          className="flex w-full cursor-pointer items-center justify-between gap-3 p-5 text-left sm:px-6"
        >
          <span>
            <span className="block font-medium">Advanced</span>
            <span className="block text-sm text-muted">
              Method, headers, body, expected status, keyword, timeout, redirects, TLS, degraded threshold.
            </span>
          </span>
          <ChevronDown
            className={cn('size-5 shrink-0 transition-transform', advanced && 'rotate-180')}
            aria-hidden
          />
        </button>
        {advanced ? (
          <CardContent id="monitor-advanced" className="border-t border-border">
            <AdvancedFields state={state} set={set} errors={errors} />
          </CardContent>
        ) : null}
      </Card>

      {limitReached ? <UpgradeCard trigger="limit" compact /> : null}
      <FormError>{formError}</FormError>
      <div className="flex justify-end">
        <Button type="submit" disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
