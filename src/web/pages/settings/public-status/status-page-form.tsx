import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { StatusPage, StatusPageInput } from '../../../../core/api/status-pages';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormError, Input } from '../../../components/ui/input';
import { describedBy, FormField } from '../../monitors/form/form-field';
import { AccessFields } from './access-fields';
import { AppearanceFields, type SetField } from './appearance-fields';
import { CustomDomainFields } from './custom-domain-fields';
import {
  type FieldErrors,
  type FormSection,
  SLUG_MAX,
  type StatusPageFormState,
  submitFailure,
  suggestSlug,
  validateForm,
} from './form-values';
import { MonitorPicker } from './monitor-picker';
import { SectionEditor } from './section-editor';

const TEXTAREA =
  'min-h-20 w-full rounded-ui border border-border bg-bg px-3 py-2 text-sm shadow-sm ' +
  'focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring';

/**
 * The one status page form: creating and editing differ only in what `onSubmit` sends. It
 * resolves on success and throws the API's error otherwise, which the form maps onto its fields.
 */
export function StatusPageForm({
  title,
  initial,
  page,
  publicUrl,
  submitLabel,
  pendingLabel,
  onSubmit,
  onCancel,
}: {
  title: string;
  initial: StatusPageFormState;
  /** The saved page when editing: its custom domain's records and verification. */
  page?: StatusPage;
  publicUrl: string;
  submitLabel: string;
  pendingLabel: string;
  onSubmit: (values: StatusPageInput) => Promise<unknown>;
  onCancel: () => void;
}) {
  const [state, setState] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [failedSubmits, setFailedSubmits] = useState(0);
  const form = useRef<HTMLFormElement>(null);

  // After a refused submit, the first field in error gets the focus (and the screen reader's voice).
  useEffect(() => {
    if (failedSubmits > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [failedSubmits]);

  const set: SetField = (key, value, field) => {
    setState((current) => ({ ...current, [key]: value }));
    if (field) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  // Until the user types a slug, the name suggests one.
  const setName = (name: string) => {
    setState((current) =>
      current.slugEdited ? { ...current, name } : { ...current, name, slug: suggestSlug(name) },
    );
    setErrors((current) => ({
      ...current,
      name: undefined,
      ...(state.slugEdited ? {} : { slug: undefined }),
    }));
  };

  const setSlug = (slug: string) => {
    // Emptied, the slug follows the name again.
    setState((current) => ({ ...current, slug, slugEdited: slug !== '' }));
    setErrors((current) => ({ ...current, slug: undefined }));
  };

  // A removed section's monitors go back to the flat list.
  const setSections = (sections: FormSection[]) => {
    const kept = new Set(sections.map((section) => section.key));
    setState((current) => ({
      ...current,
      sections,
      monitors: current.monitors.map((monitor) =>
        monitor.sectionKey && !kept.has(monitor.sectionKey) ? { ...monitor, sectionKey: null } : monitor,
      ),
    }));
    setErrors((current) => ({ ...current, sections: undefined }));
  };

  const show = (fields: FieldErrors, message: string | null) => {
    setErrors(fields);
    setFormError(message);
    if (Object.values(fields).some(Boolean)) setFailedSubmits((count) => count + 1);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const validation = validateForm(state);
    if (!validation.ok) return show(validation.errors, validation.form);
    show({}, null);
    setPending(true);
    try {
      await onSubmit(validation.values);
    } catch (error) {
      const failure = submitFailure(error, validation.values);
      show(failure.fields, failure.form);
    } finally {
      setPending(false);
    }
  };

  const base = `${publicUrl.replace(/\/+$/, '')}/status/`;
  return (
    <form ref={form} onSubmit={submit} noValidate className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle>{title}</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          <FormField id="status-page-name" label="Name" error={errors.name}>
            <Input
              {...describedBy('status-page-name', errors.name)}
              value={state.name}
              onChange={(event) => setName(event.target.value)}
              placeholder="Acme status"
              maxLength={100}
            />
          </FormField>
          <FormField
            id="status-page-slug"
            label="Slug"
            error={errors.slug}
            hint={`${base}${state.slug || '…'} — lowercase letters, digits and dashes, 3–${SLUG_MAX} characters.`}
          >
            <Input
              {...describedBy('status-page-slug', errors.slug, true)}
              value={state.slug}
              onChange={(event) => setSlug(event.target.value)}
              placeholder="acme"
              className="font-mono"
              autoCapitalize="none"
              spellCheck={false}
            />
          </FormField>
          <FormField id="status-page-description" label="Description" error={errors.description}>
            <textarea
              {...describedBy('status-page-description', errors.description)}
              value={state.description}
              onChange={(event) => set('description', event.target.value, 'description')}
              className={TEXTAREA}
              placeholder="Live status of Acme's website and API."
            />
          </FormField>
          <SectionEditor value={state.sections} onChange={setSections} error={errors.sections} />
          <MonitorPicker
            value={state.monitors}
            sections={state.sections}
            onChange={(monitors) => set('monitors', monitors, 'monitors')}
            error={errors.monitors}
          />
        </CardContent>
      </Card>

      <AppearanceFields state={state} errors={errors} set={set} />
      <AccessFields state={state} errors={errors} set={set} />
      <CustomDomainFields state={state} errors={errors} set={set} page={page} />

      <FormError>{formError}</FormError>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
