import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DeploymentWebhook } from '../../../../core/api/deployments';
import { makePlanCustomer } from '../../../test/billing';
import { makeWebhook } from '../../../test/deployments';
import { json, type RecordedRequest, stubServer, TEST_USER } from '../../../test/fake-server';
import { renderApp } from '../../../test/render-app';

const LOAD = { timeout: 10_000 };
const SECRET = 'whsec_4f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c';

function showWebhooks(routes: Record<string, (r: RecordedRequest) => Response> = {}) {
  let webhooks: DeploymentWebhook[] = [
    makeWebhook({ provider: 'github' }),
    makeWebhook({ provider: 'vercel' }),
    makeWebhook({ provider: 'netlify' }),
  ];
  const configure = (provider: DeploymentWebhook['provider'], secret: string | null) => () => {
    const webhook = makeWebhook({ provider, configured: true, secretHint: (secret ?? 'abcd').slice(-4) });
    webhooks = webhooks.map((one) => (one.provider === provider ? webhook : one));
    return json({ webhook, secret });
  };
  const server = stubServer({
    user: TEST_USER,
    routes: {
      'POST /api/billing/customers': () => json(makePlanCustomer('pro')),
      'GET /api/v1/api-keys': () => json({ keys: [] }),
      'GET /api/v1/openapi.json': () => json({ openapi: '3.1.0', paths: {} }),
      'GET /api/v1/deployment-webhooks': () => json({ webhooks }),
      'PUT /api/v1/deployment-webhooks/github': configure('github', SECRET),
      'PUT /api/v1/deployment-webhooks/vercel': configure('vercel', null),
      ...routes,
    },
  });
  renderApp('/dashboard/settings/api');
  return server;
}

describe('API Documentation tab: deployments', () => {
  it('sets up the GitHub receiver and shows its generated secret once, with copy', async () => {
    const { requests } = showWebhooks();
    const user = userEvent.setup();
    const github = await screen.findByRole('region', { name: 'GitHub webhook' }, LOAD);
    expect(github).toHaveTextContent('Not set up');
    expect(github).toHaveTextContent('https://upwatch.example/api/deployments/github?token=rcv_abc123');
    expect(github).toHaveTextContent('Settings → Webhooks');
    expect(github).toHaveTextContent('application/json');
    expect(github).toHaveTextContent('Deployment statuses');
    expect(github).toHaveTextContent('Workflow runs');

    await user.click(within(github).getByRole('button', { name: 'Set up GitHub' }));
    const dialog = await screen.findByRole('dialog', { name: 'GitHub webhook secret' });
    expect(within(dialog).getByText(SECRET)).toBeInTheDocument();
    expect(dialog).toHaveTextContent("Copy this secret now. You won't see it again");
    await user.click(within(dialog).getByRole('button', { name: 'Copy webhook secret' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
    await waitFor(() => expect(github).toHaveTextContent('secret ending 6b5c'));
    expect(within(github).getByRole('button', { name: 'Rotate GitHub secret' })).toBeInTheDocument();
    const put = requests.find((r) => r.method === 'PUT' && r.path === '/api/v1/deployment-webhooks/github');
    expect(put?.body).toEqual({});
  });

  it("saves the secret Vercel shows, pasted by the user, and tells Netlify's steps", async () => {
    const { requests } = showWebhooks();
    const user = userEvent.setup();
    const vercel = await screen.findByRole('region', { name: 'Vercel webhook' }, LOAD);
    expect(vercel).toHaveTextContent('Team Settings → Webhooks');
    expect(vercel).toHaveTextContent('deployment.succeeded');
    expect(vercel).toHaveTextContent('deployment.error');
    await user.click(within(vercel).getByRole('button', { name: 'Save secret' }));
    expect(await within(vercel).findByText('Paste the whole secret.')).toBeInTheDocument();

    await user.type(within(vercel).getByLabelText('Secret from Vercel'), 'vercel-signing-secret-0123456789');
    await user.click(within(vercel).getByRole('button', { name: 'Save secret' }));
    await waitFor(() => expect(vercel).toHaveTextContent('secret ending abcd'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const put = requests.find((r) => r.method === 'PUT' && r.path === '/api/v1/deployment-webhooks/vercel');
    expect(put?.body).toEqual({ secret: 'vercel-signing-secret-0123456789' });

    const netlify = screen.getByRole('region', { name: 'Netlify webhook' });
    expect(netlify).toHaveTextContent('Site configuration → Notifications → Deploy notifications');
    expect(netlify).toHaveTextContent('HTTP POST request');
    expect(netlify).toHaveTextContent('Deploy succeeded');
    expect(netlify).toHaveTextContent('Deploy failed');
    expect(netlify).toHaveTextContent('JWS secret token');
  });

  it('removes a receiver after confirming', async () => {
    let removed = false;
    const { requests } = showWebhooks({
      'GET /api/v1/deployment-webhooks': () =>
        json({
          webhooks: [
            makeWebhook({ provider: 'netlify', configured: !removed, secretHint: removed ? null : 'z9y8' }),
          ],
        }),
      'DELETE /api/v1/deployment-webhooks/netlify': () => {
        removed = true;
        return new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup();
    const netlify = await screen.findByRole('region', { name: 'Netlify webhook' }, LOAD);
    await user.click(within(netlify).getByRole('button', { name: 'Remove Netlify webhook' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove the Netlify webhook?' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove webhook' }));
    await waitFor(() => expect(netlify).toHaveTextContent('Not set up'));
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
  });

  it('gives a GitHub Actions workflow that records the deployment with trigger_checks against PUBLIC_URL', async () => {
    showWebhooks();
    const region = await screen.findByRole('region', { name: 'GitHub Actions workflow' }, LOAD);
    const workflow = region.querySelector('pre')?.textContent ?? '';
    expect(workflow).toContain(`UPWATCH_API_KEY: \${{ secrets.UPWATCH_API_KEY }}`);
    expect(workflow).toContain('trigger_checks: true');
    expect(workflow).toContain('curl --fail');
    expect(workflow).toContain('"https://upwatch.example/api/v1/deployments"');
    expect(workflow).toContain('-H "Authorization: Bearer $UPWATCH_API_KEY"');
    expect(workflow).toContain(`--arg commit "\${{ github.sha }}"`);
    expect(workflow).toContain(`--arg branch "\${{ github.ref_name }}"`);
  });
});
