import type { ReactNode } from 'react';
import type { WebhookProvider } from '../../../../core/api/deployments';

/** The provider as its settings pages name it (the deployments list says 'GitHub Actions'). */
export const WEBHOOK_NAMES: Record<WebhookProvider, string> = {
  github: 'GitHub',
  vercel: 'Vercel',
  netlify: 'Netlify',
};

const Code = ({ children }: { children: ReactNode }) => (
  <code className="rounded bg-surface px-1 py-0.5 font-mono text-xs break-all">{children}</code>
);
const Ui = ({ children }: { children: ReactNode }) => <strong className="font-medium">{children}</strong>;

/** Where to click at each provider, in the provider's own words. */
function steps(provider: WebhookProvider, url: string): ReactNode[] {
  switch (provider) {
    case 'github':
      return [
        <>
          In your repository, open <Ui>Settings → Webhooks</Ui> and choose <Ui>Add webhook</Ui>.
        </>,
        <>
          <Ui>Payload URL</Ui>: <Code>{url}</Code>
        </>,
        <>
          <Ui>Content type</Ui>: <Code>application/json</Code>
        </>,
        <>
          <Ui>Secret</Ui>: the secret Upwatch generates when you set this up below.
        </>,
        <>
          Under <Ui>Which events would you like to trigger this webhook?</Ui> pick{' '}
          <Ui>Let me select individual events</Ui> and tick <Ui>Deployment statuses</Ui> and{' '}
          <Ui>Workflow runs</Ui>.
        </>,
        <>
          Save with <Ui>Add webhook</Ui>. GitHub sends a ping; the next deployment or finished workflow run
          appears on your monitors.
        </>,
      ];
    case 'vercel':
      return [
        <>
          Open your team's <Ui>Team Settings → Webhooks</Ui> and choose <Ui>Create Webhook</Ui>.
        </>,
        <>
          Events: tick <Code>deployment.succeeded</Code> and <Code>deployment.error</Code>, and choose the
          projects.
        </>,
        <>
          <Ui>URL</Ui>: <Code>{url}</Code>
        </>,
        <>Create the webhook. Vercel shows its secret once: paste it below and save.</>,
      ];
    case 'netlify':
      return [
        <>
          In your site, open <Ui>Site configuration → Notifications → Deploy notifications</Ui> and choose{' '}
          <Ui>Add notification → HTTP POST request</Ui>.
        </>,
        <>
          <Ui>Event to listen for</Ui>: <Ui>Deploy succeeded</Ui>. <Ui>URL to notify</Ui>: <Code>{url}</Code>
        </>,
        <>
          <Ui>JWS secret token</Ui>: the secret Upwatch generates when you set this up below. Save.
        </>,
        <>
          Add a second HTTP POST request the same way for <Ui>Deploy failed</Ui>, with the same URL and
          secret.
        </>,
      ];
  }
}

export function WebhookSteps({ provider, url }: { provider: WebhookProvider; url: string }) {
  return (
    <ol className="ml-5 flex list-decimal flex-col gap-1.5 text-sm" aria-label="Set-up steps">
      {steps(provider, url).map((step, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the steps are a fixed list; their order is their identity
        <li key={index}>{step}</li>
      ))}
    </ol>
  );
}
