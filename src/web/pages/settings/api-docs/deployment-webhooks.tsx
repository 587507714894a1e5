import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { DeploymentWebhook } from '../../../../core/api/deployments';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { CopyButton } from '../../../components/ui/copy-button';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { deploymentWebhooksQuery } from '../../../lib/deployments';
import { formatDateTime } from '../../../lib/format';
import { useTimeZone } from '../../../lib/use-time-zone';
import { WebhookActions } from './webhook-actions';
import { type ShownSecret, WebhookSecretDialog } from './webhook-secret-dialog';
import { WEBHOOK_NAMES, WebhookSteps } from './webhook-steps';

function Status({ webhook }: { webhook: DeploymentWebhook }) {
  const timeZone = useTimeZone();
  if (!webhook.configured) return <span className="text-sm text-muted">Not set up</span>;
  const delivered =
    webhook.lastDeliveryAt === null
      ? 'no delivery yet'
      : `last delivery ${formatDateTime(webhook.lastDeliveryAt, timeZone, false)}`;
  return (
    <span className="text-sm">
      <span className="font-medium text-accent">Set up</span>
      <span className="text-muted">
        {webhook.secretHint ? ` · secret ending ${webhook.secretHint}` : ''} · {delivered}
      </span>
    </span>
  );
}

function ProviderBlock({
  webhook,
  onSecret,
}: {
  webhook: DeploymentWebhook;
  onSecret(secret: string): void;
}) {
  const name = WEBHOOK_NAMES[webhook.provider];
  return (
    <section aria-label={`${name} webhook`} className="flex flex-col gap-3 px-5 py-5 sm:px-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold">{name}</h3>
        <Status webhook={webhook} />
      </div>
      <div className="flex items-center gap-2">
        <code className="min-w-0 flex-1 rounded-ui border border-border bg-surface px-3 py-2 font-mono text-xs break-all">
          {webhook.webhookUrl}
        </code>
        <CopyButton text={webhook.webhookUrl} label={`${name} webhook URL`} />
      </div>
      <WebhookSteps provider={webhook.provider} url={webhook.webhookUrl} />
      <WebhookActions webhook={webhook} onSecret={onSecret} />
    </section>
  );
}

/** The deployment webhook receivers per provider, with step-by-step set-up. */
export function DeploymentWebhooks() {
  const webhooks = useQuery(deploymentWebhooksQuery);
  const [shown, setShown] = useState<ShownSecret | null>(null);
  return (
    <Card role="region" aria-label="Deployment webhooks">
      <CardHeader>
        <CardTitle>Deployments</CardTitle>
        <CardDescription>
          Let GitHub, Vercel or Netlify report each deployment: it lands on the monitors of the deployed site,
          marked on their charts and compared with the hour before. Each provider has its own secret; every
          delivery is verified with it.
        </CardDescription>
      </CardHeader>
      <div className={cn('mt-4 border-t border-border', webhooks.data && 'divide-y divide-border')}>
        {webhooks.isPending ? (
          <div className="flex justify-center p-6">
            <Spinner />
          </div>
        ) : webhooks.isError ? (
          <CardContent>
            <p className="text-sm text-danger">{`We couldn't load the webhooks. ${webhooks.error.message}`}</p>
          </CardContent>
        ) : (
          webhooks.data.map((webhook) => (
            <ProviderBlock
              key={webhook.provider}
              webhook={webhook}
              onSecret={(secret) => setShown({ provider: webhook.provider, secret })}
            />
          ))
        )}
      </div>
      <WebhookSecretDialog shown={shown} onClose={() => setShown(null)} />
    </Card>
  );
}
