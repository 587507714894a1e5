// What a delivery must pass before it is stored: the receiver owner's plan (GitHub Actions for
// GitHub, webhooks for Vercel and Netlify) and the 10 MiB body limit of provider webhooks.
import { afterEach, expect, it } from 'vitest';
import type { WebhookProvider } from '../../core/api/deployments.ts';
import { seal } from '../alerts/sealed-config.ts';
import { TEST_SECRET } from '../test/test-app.ts';
import * as netlify from './fixtures/netlify-deploy-succeeded.ts';
import * as vercel from './fixtures/vercel-deployment-succeeded.ts';
import { deriveReceiverKey } from './receivers.ts';
import { createDeployApp, type DeployApp, errorOf, netlifyJws, SIGNERS, START } from './test/deploy-app.ts';

let d: DeployApp;
afterEach(async () => {
  await d?.t.close();
});

const MiB = 1024 * 1024;

it("refuses a delivery with 403 feature_not_in_plan when the receiver's owner lost the feature", async () => {
  d = await createDeployApp();
  const owner = await d.user('starter');
  const secret = 'a-secret-kept-from-when-on-pro-0123';
  const messages: Record<WebhookProvider, string> = {
    github: 'GitHub Actions deployments requires the Pro plan or higher.',
    vercel: 'Webhooks from Vercel requires the Pro plan or higher.',
    netlify: 'Webhooks from Netlify requires the Pro plan or higher.',
  };
  for (const provider of ['github', 'vercel', 'netlify'] as const) {
    // A receiver set up while the account was on Pro.
    const id = `receiver-${provider}`;
    await d.t.database.db
      .insertInto('deployment_webhooks')
      .values({
        id,
        workspace_id: owner.id,
        provider,
        token: `token-${provider}`,
        secret_sealed: seal(deriveReceiverKey(TEST_SECRET), secret, id),
        secret_hint: secret.slice(-4),
        last_delivery_at: null,
        created_at: START,
        updated_at: START,
      })
      .execute();
    const raw = JSON.stringify(provider === 'netlify' ? netlify.payload : vercel.payload);
    const headers = {
      'x-github-event': 'workflow_run',
      'x-github-delivery': 'x',
      ...SIGNERS[provider](secret, raw),
    };
    const response = await d.deliver(`/api/deployments/${provider}?token=token-${provider}`, raw, headers);
    expect(response.status, provider).toBe(403);
    expect(await errorOf(response)).toEqual({ code: 'feature_not_in_plan', message: messages[provider] });
  }
  expect(await d.storedDeployments()).toBe(0);
});

it('takes bodies up to 10 MiB (above the API’s 1 MiB) and answers a larger one with 413 payload_too_large', async () => {
  d = await createDeployApp();
  const owner = await d.user('pro');
  const { path, secret } = await d.receiver(owner, 'netlify');
  const large = JSON.stringify({ ...netlify.payload, summary: { messages: ['x'.repeat(2 * MiB)] } });
  const accepted = await d.deliver(path, large, SIGNERS.netlify(secret, large));
  expect(accepted.status, await accepted.clone().text()).toBe(201);

  const tooLarge = JSON.stringify({ ...netlify.payload, id: 'big', padding: 'x'.repeat(10 * MiB) });
  const refused = await d.deliver(path, tooLarge, SIGNERS.netlify(secret, tooLarge));
  expect(refused.status).toBe(413);
  expect((await errorOf(refused)).code).toBe('payload_too_large');
  expect(await d.storedDeployments()).toBe(1);
});

it('knows only GitHub, Vercel and Netlify, and a signed body that is not JSON is 400 invalid_json', async () => {
  d = await createDeployApp();
  const owner = await d.user('pro');
  const unknown = await d.deliver('/api/deployments/gitlab?token=x', '{}', {});
  expect(unknown.status).toBe(404);
  expect((await errorOf(unknown)).code).toBe('not_found');
  const { path, secret } = await d.receiver(owner, 'netlify');
  const notJson = 'state=ready';
  const response = await d.deliver(path, notJson, SIGNERS.netlify(secret, notJson));
  expect(response.status).toBe(400);
  expect((await errorOf(response)).code).toBe('invalid_json');
  expect(await d.storedDeployments()).toBe(0);
});

it('refuses a Netlify JWS that is validly signed but names another issuer or another body', async () => {
  d = await createDeployApp();
  const owner = await d.user('pro');
  const { path, secret } = await d.receiver(owner, 'netlify');
  const raw = JSON.stringify(netlify.payload);
  for (const claims of [{ iss: 'someone-else' }, { sha256: 'ab'.repeat(32) }]) {
    const response = await d.deliver(path, raw, { 'x-webhook-signature': netlifyJws(secret, raw, claims) });
    expect(response.status, JSON.stringify(claims)).toBe(401);
  }
  expect(await d.storedDeployments()).toBe(0);
});
