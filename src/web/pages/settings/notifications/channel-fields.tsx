// What each channel kind asks for beyond a name, in the provider's own words: a URL for most,
// and the tokens, ids and keys the rest need. The form builds its config from these.
import type { ChannelKind } from '../../../../core/api/alerts';
import type { ChannelChoiceField, ChannelTextField } from '../../../../core/channels/descriptor';
import { CHANNELS_DESCRIBED } from '../../../../core/channels/registry';
import { Field, Input, Label, NativeSelect } from '../../../components/ui/input';

/** One entry per kind whose descriptor's form has the part `pick` takes. */
function formParts<V>(pick: (form: (typeof CHANNELS_DESCRIBED)[number]['form']) => V | undefined) {
  return Object.fromEntries(
    CHANNELS_DESCRIBED.flatMap((descriptor) => {
      const part = pick(descriptor.form);
      return part === undefined ? [] : [[descriptor.kind, part]];
    }),
  ) as Partial<Record<ChannelKind, V>>;
}

/** Kinds that post to a URL the user pastes, with an example of it. */
export const URL_HINTS = formParts((form) => form.url?.placeholder);

export const URL_LABELS = formParts((form) => form.url?.label);

/** The URL a new channel of the kind starts with (ntfy's public server). */
export const URL_INITIAL = formParts((form) => form.url?.initial);

/** The config fields typed as text, by kind (a webhook's signing secret stays with the form). */
export const TEXT_FIELDS = formParts<readonly ChannelTextField[]>((form) => form.text);

/** The config fields chosen from a list, by kind. */
export const CHOICE_FIELDS = formParts<ChannelChoiceField>((form) => form.choice);

/** The config the form's values make for `kind`, for the shared schema to check. */
export function configFor(
  kind: ChannelKind,
  target: string,
  texts: Record<string, string>,
  choice: string | number,
) {
  if (kind === 'email') return { address: target.trim() };
  const config: Record<string, unknown> = URL_HINTS[kind] ? { url: target.trim() } : {};
  for (const field of TEXT_FIELDS[kind] ?? []) {
    const value = (texts[field.key] ?? '').trim();
    if (value || !field.optional) config[field.key] = value;
  }
  const chosen = CHOICE_FIELDS[kind];
  if (chosen) config[chosen.key] = choice;
  return config;
}

/** Under a stored secret's empty field in the edit form: the server keeps what it has. */
const KEEP_SECRET_HINT = 'Leave blank to keep the current value.';

export function KeepSecretHint({ id }: { id: string }) {
  return (
    <p id={id} className="text-xs text-muted">
      {KEEP_SECRET_HINT}
    </p>
  );
}

export function TextFields({
  kind,
  values,
  onChange,
  idPrefix = 'channel',
  keptSecrets = [],
}: {
  kind: ChannelKind;
  values: Record<string, string>;
  onChange(next: Record<string, string>): void;
  /** Two forms on one page (add, edit) need their own ids. */
  idPrefix?: string;
  /** Stored secret fields, shown empty with a hint that blank keeps them. */
  keptSecrets?: readonly string[];
}) {
  return (TEXT_FIELDS[kind] ?? []).map((field) => {
    const id = `${idPrefix}-${field.key}`;
    const kept = keptSecrets.includes(field.key);
    return (
      <Field key={field.key}>
        <Label htmlFor={id}>{field.label}</Label>
        <Input
          id={id}
          value={values[field.key] ?? ''}
          placeholder={field.placeholder}
          aria-describedby={kept ? `${id}-hint` : undefined}
          onChange={(event) => onChange({ ...values, [field.key]: event.target.value })}
        />
        {kept ? <KeepSecretHint id={`${id}-hint`} /> : null}
      </Field>
    );
  });
}

export function ChoiceFieldInput({
  kind,
  value,
  onChange,
  idPrefix = 'channel',
}: {
  kind: ChannelKind;
  value: string | number;
  onChange(next: string | number): void;
  idPrefix?: string;
}) {
  const field = CHOICE_FIELDS[kind];
  if (!field) return null;
  return (
    <Field>
      <Label htmlFor={`${idPrefix}-${field.key}`}>{field.label}</Label>
      <NativeSelect
        id={`${idPrefix}-${field.key}`}
        value={String(value)}
        onChange={(event) => {
          const option = field.options.find(([option]) => String(option) === event.target.value);
          if (option) onChange(option[0]);
        }}
      >
        {field.options.map(([option, label]) => (
          <option key={option} value={option}>
            {label}
          </option>
        ))}
      </NativeSelect>
    </Field>
  );
}
