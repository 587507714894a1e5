// What each channel kind asks for beyond a name, in the provider's own words: a URL for most,
// and the tokens, ids and keys the rest need. The form builds its config from these.
import type { ChannelKind } from '../../../../core/api/alerts';
import { Field, Input, Label, NativeSelect } from '../../../components/ui/input';

/** Kinds that post to a URL the user pastes, with an example of it. */
export const URL_HINTS: Partial<Record<ChannelKind, string>> = {
  slack: 'https://hooks.slack.com/services/…',
  discord: 'https://discord.com/api/webhooks/…',
  msteams: 'https://….logic.azure.com/workflows/…',
  googlechat: 'https://chat.googleapis.com/v1/spaces/…/messages?key=…',
  mattermost: 'https://mattermost.example.com/hooks/…',
  rocketchat: 'https://chat.example.com/hooks/…',
  ntfy: 'https://ntfy.sh',
  gotify: 'https://gotify.example.com',
  matrix: 'https://matrix.org',
  webhook: 'https://example.com/upwatch-hook',
};

export const URL_LABELS: Partial<Record<ChannelKind, string>> = {
  msteams: 'Workflow URL (“When a Teams webhook request is received”)',
  googlechat: 'Webhook URL (Apps & integrations → Webhooks)',
  ntfy: 'Server URL',
  gotify: 'Server URL',
  matrix: 'Homeserver URL',
};

interface TextField {
  key: string;
  label: string;
  placeholder: string;
  optional?: boolean;
}

/** The config fields typed as text, by kind (a webhook's signing secret stays with the form). */
export const TEXT_FIELDS: Partial<Record<ChannelKind, TextField[]>> = {
  ntfy: [
    { key: 'topic', label: 'Topic', placeholder: 'upwatch-alerts' },
    {
      key: 'token',
      label: 'Access token (optional)',
      placeholder: 'tk_… for a protected topic',
      optional: true,
    },
  ],
  gotify: [{ key: 'token', label: 'Application token', placeholder: 'From Apps → Create application' }],
  telegram: [
    { key: 'botToken', label: 'Bot token (from @BotFather)', placeholder: '123456789:AA…' },
    { key: 'chatId', label: 'Chat id', placeholder: '-1001234567890 or @yourchannel' },
  ],
  pagerduty: [{ key: 'routingKey', label: 'Integration key (Events API v2)', placeholder: '32 characters' }],
  opsgenie: [
    { key: 'apiKey', label: 'API integration key', placeholder: 'From Settings → Integrations → API' },
  ],
  matrix: [
    { key: 'roomId', label: 'Room id', placeholder: '!AbCdEf:matrix.org (Room settings → Advanced)' },
    { key: 'accessToken', label: 'Access token of the bot account', placeholder: 'syt_…' },
  ],
  pushover: [
    { key: 'userKey', label: 'User or group key', placeholder: '30 characters, on your Pushover dashboard' },
    {
      key: 'appToken',
      label: 'Application API token',
      placeholder: '30 characters, from Create an Application',
    },
  ],
  twilio: [
    { key: 'accountSid', label: 'Account SID', placeholder: 'AC…' },
    { key: 'authToken', label: 'Auth token', placeholder: '32 characters' },
    { key: 'from', label: 'From (your Twilio number)', placeholder: '+14155550100' },
    { key: 'to', label: 'To', placeholder: '+4915112345678' },
  ],
};

interface ChoiceField {
  key: string;
  label: string;
  options: readonly (readonly [string | number, string])[];
  initial: string | number;
}

/** The config fields chosen from a list, by kind. */
export const CHOICE_FIELDS: Partial<Record<ChannelKind, ChoiceField>> = {
  ntfy: {
    key: 'priority',
    label: 'Priority of down alerts',
    options: [
      [1, '1 (min)'],
      [2, '2 (low)'],
      [3, '3 (default)'],
      [4, '4 (high)'],
      [5, '5 (max, urgent)'],
    ],
    initial: 4,
  },
  pushover: {
    key: 'priority',
    label: 'Priority of down alerts',
    options: [
      [-2, 'Lowest (no notification)'],
      [-1, 'Low (quiet)'],
      [0, 'Normal'],
      [1, 'High (bypasses quiet hours)'],
      [2, 'Emergency (repeats until acknowledged)'],
    ],
    initial: 1,
  },
  twilio: {
    key: 'mode',
    label: 'How',
    options: [
      ['sms', 'Text message'],
      ['voice', 'Phone call reading the alert'],
    ],
    initial: 'sms',
  },
};

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
