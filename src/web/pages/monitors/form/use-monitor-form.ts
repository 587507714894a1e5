import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { MonitorInput, MonitorKind } from '../../../../core/api/monitors';
import { kindUi } from '../kinds/registry';
import type { SetCommon } from './common-advanced-fields';
import {
  COMMON_ADVANCED_FIELDS,
  type FieldErrors,
  type MonitorFormState,
  submitFailure,
  validateForm,
} from './form-values';

export type SubmitMonitor = (values: MonitorInput, state: MonitorFormState) => Promise<unknown>;

/**
 * The monitor form's state and its errors. A field the user changed is checked against the API's
 * schema when focus leaves it; every field on submit; the server's refusals land on their field.
 */
export function useMonitorForm(initial: MonitorFormState, onSubmit: SubmitMonitor) {
  const [state, setState] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [limitReached, setLimitReached] = useState(false);
  const [advanced, setAdvanced] = useState(false);
  const [pending, setPending] = useState(false);
  const [failedSubmits, setFailedSubmits] = useState(0);
  const changed = useRef(new Set<string>());
  const form = useRef<HTMLFormElement>(null);
  const ui = kindUi(state.kind);

  // After a refused submit, the first field in error gets the focus (and the screen reader's voice).
  useEffect(() => {
    if (failedSubmits > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [failedSubmits]);

  // The message described the old value; it clears as the user fixes it.
  const touch = (fields: string[]) => {
    for (const field of fields) changed.current.add(field);
    setErrors((current) => ({
      ...current,
      ...Object.fromEntries(fields.map((field) => [field, undefined])),
    }));
  };

  const setCommon: SetCommon = (key, value) => {
    setState((current) => ({ ...current, common: { ...current.common, [key]: value } }));
    touch([key === 'intervalSeconds' ? 'interval' : key]);
  };

  const setSection = (patch: object) => {
    setState((current) => ({
      ...current,
      sections: { ...current.sections, [current.kind]: { ...current.sections[current.kind], ...patch } },
    }));
    touch(Object.keys(patch).map((key) => ui.errorFieldOf?.(key) ?? key));
  };

  const setKind = (kind: MonitorKind) => {
    setState((current) => ({ ...current, kind }));
    setErrors({});
    setFormError(null);
    changed.current.clear();
  };

  const show = (fields: FieldErrors, message: string | null) => {
    setErrors(fields);
    setFormError(message);
    const inAdvanced = [...COMMON_ADVANCED_FIELDS, ...(ui.advanced?.fields ?? [])];
    if (inAdvanced.some((field) => fields[field])) setAdvanced(true);
    if (Object.values(fields).some(Boolean)) setFailedSubmits((count) => count + 1);
  };

  /** On leaving a field: the schema's messages for the fields the user has changed so far. */
  const onBlur = () => {
    const validation = validateForm(state);
    const found = validation.ok ? {} : validation.errors;
    // Only adds messages: an edit already cleared the old one, and a server refusal stays put.
    setErrors((current) => {
      const next = { ...current };
      for (const field of changed.current) next[field] ??= found[field];
      return next;
    });
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
      const failure = submitFailure(error, state.kind);
      show(failure.fields, failure.form);
      setLimitReached(failure.limitReached);
    } finally {
      setPending(false);
    }
  };

  return {
    form,
    state,
    ui,
    errors,
    formError,
    limitReached,
    pending,
    advanced,
    toggleAdvanced: () => setAdvanced((open) => !open),
    setCommon,
    setSection,
    setKind,
    onBlur,
    submit,
  };
}
