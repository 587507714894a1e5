import type { WebhookProvider } from '../../../../core/api/deployments';
import { SecretOnceDialog } from './secret-once-dialog';
import { WEBHOOK_NAMES } from './webhook-steps';

export interface ShownSecret {
  provider: WebhookProvider;
  secret: string;
}

/** The one moment a generated webhook secret is on screen: closing the dialog forgets it. */
export function WebhookSecretDialog({ shown, onClose }: { shown: ShownSecret | null; onClose(): void }) {
  const once = shown && {
    title: `${WEBHOOK_NAMES[shown.provider]} webhook secret`,
    description: `Paste it as the webhook's secret at ${shown.provider === 'netlify' ? 'Netlify (JWS secret token)' : 'GitHub (Secret)'}.`,
    warning: "Copy this secret now. You won't see it again: Upwatch stores it encrypted and never shows it.",
    value: shown.secret,
    testId: 'webhook-secret',
    copyLabel: 'webhook secret',
  };
  return <SecretOnceDialog shown={once} onClose={onClose} />;
}
