import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { type RumSettings, rumSettingsInputSchema } from '../../../../core/api/field';
import { WriteButton, WriteFieldset } from '../../../components/role-lock';
import { Field, FormError, Input, Label } from '../../../components/ui/input';
import { saveRumSettings } from '../../../lib/field';
import { issuesByField } from '../../../lib/form-issues';
import { TEXTAREA } from '../../monitors/form/form-field';

type FormField = 'sampleRate' | 'allowedOrigins' | 'routes';

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** "100" for a rate of 1: the sample rate is typed as a percentage. */
const percentOf = (rate: number) => String(Math.round(rate * 1000) / 10);

function fieldOf(key: PropertyKey | undefined): FormField | null {
  return key === 'sampleRate' || key === 'allowedOrigins' || key === 'routes' ? key : null;
}

/** The snippet's sample rate, the origins whose pages may report, and the site's route patterns. */
export function RumSettingsForm({ siteId, settings }: { siteId: string; settings: RumSettings }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [percent, setPercent] = useState(() => percentOf(settings.sampleRate));
  const [origins, setOrigins] = useState(() => settings.allowedOrigins.join('\n'));
  const [routes, setRoutes] = useState(() => settings.routes.join('\n'));
  const [errors, setErrors] = useState<Partial<Record<FormField, string>>>({});
  const save = useMutation({
    mutationFn: (input: Parameters<typeof saveRumSettings>[2]) => saveRumSettings(queryClient, siteId, input),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const rate = percent.trim() === '' ? Number.NaN : Number(percent) / 100;
    const input = {
      enabled: settings.enabled,
      sampleRate: rate,
      allowedOrigins: lines(origins),
      routes: lines(routes),
    };
    const parsed = rumSettingsInputSchema.safeParse(input);
    if (!parsed.success) {
      const { errors: found } = issuesByField(parsed.error.issues, fieldOf);
      if (found.sampleRate) found.sampleRate = 'The sample rate is a percentage from 0 to 100.';
      if (found.allowedOrigins && input.allowedOrigins.length === 0)
        found.allowedOrigins = 'Name at least one origin, such as https://shop.example.com.';
      return setErrors(found);
    }
    setErrors({});
    save.mutate(input);
  };

  const described = (field: FormField) => (errors[field] ? `${id}-${field}-error` : `${id}-${field}-hint`);
  const hint = (field: FormField, text: string) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="text-xs text-danger">
        {errors[field]}
      </p>
    ) : (
      <p id={`${id}-${field}-hint`} className="text-xs text-muted">
        {text}
      </p>
    );

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <WriteFieldset className="flex flex-col gap-4">
        <Field>
          <Label htmlFor={`${id}-rate`}>Sample rate (%)</Label>
          <Input
            id={`${id}-rate`}
            className="max-w-[10rem]"
            type="number"
            inputMode="decimal"
            min={0}
            max={100}
            step="any"
            value={percent}
            onChange={(event) => setPercent(event.target.value)}
            aria-invalid={errors.sampleRate ? true : undefined}
            aria-describedby={described('sampleRate')}
          />
          {hint('sampleRate', 'Of page views, the share that reports.')}
        </Field>
        <Field>
          <Label htmlFor={`${id}-origins`}>Allowed origins</Label>
          <textarea
            id={`${id}-origins`}
            className={TEXTAREA}
            value={origins}
            onChange={(event) => setOrigins(event.target.value)}
            aria-invalid={errors.allowedOrigins ? true : undefined}
            aria-describedby={described('allowedOrigins')}
            spellCheck={false}
          />
          {hint(
            'allowedOrigins',
            'One a line, such as https://shop.example.com: pages elsewhere are not counted.',
          )}
        </Field>
        <Field>
          <Label htmlFor={`${id}-routes`}>Route patterns (optional)</Label>
          <textarea
            id={`${id}-routes`}
            className={TEXTAREA}
            value={routes}
            onChange={(event) => setRoutes(event.target.value)}
            aria-invalid={errors.routes ? true : undefined}
            aria-describedby={described('routes')}
            placeholder="/blog/:slug"
            spellCheck={false}
          />
          {hint(
            'routes',
            'One a line, such as /blog/:slug or /docs/*. Numbers and ids become :id by themselves.',
          )}
        </Field>
      </WriteFieldset>
      <FormError>{save.isError ? save.error.message : null}</FormError>
      <div className="flex flex-wrap items-center gap-3">
        <WriteButton type="submit" size="sm" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save settings'}
        </WriteButton>
        {save.isSuccess ? (
          <span role="status" className="text-sm text-accent">
            Settings saved.
          </span>
        ) : null}
      </div>
    </form>
  );
}
