// Provider webhooks end to end on the assembled app: the providers' documented sample payloads,
// signed as each provider signs them, are stored and mapped; anything unsigned, mis-signed or
// tampered with is 401 and stores nothing; a redelivery is stored once.
import { afterEach, describe, expect, it } from 'vitest';
import type { Deployment, WebhookProvider } from '../../core/api/deployments.ts';
import * as githubStatus from './fixtures/github-deployment-status.ts';
import * as githubRun from './fixtures/github-workflow-run.ts';
import * as netlify from './fixtures/netlify-deploy-succeeded.ts';
import * as vercel from './fixtures/vercel-deployment-succeeded.ts';
import { createDeployApp, type DeployApp, errorOf, SIGNERS, START, signGithub } from './test/deploy-app.ts';

let d: DeployApp;
afterEach(async () => {
  await d?.t.close();
});

const body = (payload: unknown) => JSON.stringify(payload, null, 2);
const githubHeaders = (event: string, delivery: string) => ({
  'x-github-event': event,
  'x-github-delivery': delivery,
});

async function stored(response: Response, status = 201): Promise<Deployment> {
  return (await d.json<{ deployment: Deployment }>(response, status)).deployment;
}

describe('GitHub', () => {
  it('stores a signed deployment_status: deployment.sha, ref, environment, state and links', async () => {
    d = await createDeployApp();
    const owner = await d.user('pro');
    const site = await d.monitor(owner, 'https://hello-world.example.com/health', 'Site');
    await d.monitor(owner, 'https://other.example.com', 'Other');
    const { path, secret } = await d.receiver(owner, 'github');
    const raw = body(githubStatus.payload);
    const deployment = await stored(
      await d.deliver(path, raw, {
        ...signGithub(secret, raw),
        ...githubHeaders('deployment_status', 'd-1'),
      }),
    );
    const { deployment: source, deployment_status: status } = githubStatus.payload;
    expect(deployment).toMatchObject({
      provider: 'github',
      version: source.sha.slice(0, 7),
      commitSha: source.sha,
      branch: source.ref,
      environment: source.environment,
      status: 'succeeded',
      url: status.environment_url,
      providerUrl: status.target_url,
      deployedAt: START,
      monitorIds: [site],
      triggeredMonitorIds: [site],
    });

    // A tag deployed is its own version label.
    const tagged = body({ ...githubStatus.payload, deployment: { ...source, ref: 'v1.4.2' } });
    const fromTag = await stored(
      await d.deliver(path, tagged, {
        ...signGithub(secret, tagged),
        ...githubHeaders('deployment_status', 'd-2'),
      }),
    );
    expect(fromTag).toMatchObject({ version: 'v1.4.2', branch: 'v1.4.2' });
  });

  it('stores a completed workflow_run: workflow_run.head_sha, head_branch, conclusion, html_url', async () => {
    d = await createDeployApp();
    const owner = await d.user('pro');
    const a = await d.monitor(owner, 'https://a.example.com', 'A');
    const b = await d.monitor(owner, 'https://b.example.com', 'B');
    const { path, secret } = await d.receiver(owner, 'github');
    const raw = body(githubRun.payload);
    const deployment = await stored(
      await d.deliver(path, raw, { ...signGithub(secret, raw), ...githubHeaders('workflow_run', 'r-1') }),
    );
    const run = githubRun.payload.workflow_run;
    expect(deployment).toMatchObject({
      provider: 'github',
      version: 'Deploy #562',
      commitSha: run.head_sha,
      branch: run.head_branch,
      status: 'succeeded',
      providerUrl: run.html_url,
      url: null,
    });
    // A run names no host, so a production deploy affects every monitor of the account.
    expect([...deployment.monitorIds].sort()).toEqual([a, b].sort());

    const failedRaw = body({ ...githubRun.payload, workflow_run: { ...run, conclusion: 'failure' } });
    const failed = await stored(
      await d.deliver(path, failedRaw, {
        ...signGithub(secret, failedRaw),
        ...githubHeaders('workflow_run', 'r-2'),
      }),
    );
    expect(failed.status).toBe('failed');
  });

  it('ignores other events and unfinished states with 202, storing nothing', async () => {
    d = await createDeployApp();
    const owner = await d.user('pro');
    const { path, secret } = await d.receiver(owner, 'github');
    const cases: [string, unknown][] = [
      ['push', { ref: 'refs/heads/main' }],
      ['ping', { zen: 'Design for failure.' }],
      [
        'deployment_status',
        {
          ...githubStatus.payload,
          deployment_status: { ...githubStatus.payload.deployment_status, state: 'pending' },
        },
      ],
      ['workflow_run', { ...githubRun.payload, action: 'in_progress' }],
      [
        'workflow_run',
        {
          ...githubRun.payload,
          workflow_run: { ...githubRun.payload.workflow_run, conclusion: 'cancelled' },
        },
      ],
    ];
    for (const [event, payload] of cases) {
      const raw = body(payload);
      const response = await d.deliver(path, raw, {
        ...signGithub(secret, raw),
        ...githubHeaders(event, event),
      });
      expect(response.status, event).toBe(202);
      expect(await response.json()).toMatchObject({ ignored: true });
    }
    expect(await d.storedDeployments()).toBe(0);
  });
});

describe('Vercel', () => {
  it('stores a signed deployment.succeeded: payload.deployment.meta.githubCommitSha and the links', async () => {
    d = await createDeployApp();
    const owner = await d.user('pro');
    await d.monitor(owner, 'https://shop.example.com', 'Shop');
    const pasted = 'vercel-shown-secret-0123456789abcdef';
    const { path } = await d.receiver(owner, 'vercel', pasted);
    const raw = body(vercel.payload);
    const deployment = await stored(await d.deliver(path, raw, SIGNERS.vercel(pasted, raw)));
    const { payload } = vercel.payload;
    expect(deployment).toMatchObject({
      provider: 'vercel',
      version: payload.deployment.meta.githubCommitSha.slice(0, 7),
      commitSha: payload.deployment.meta.githubCommitSha,
      branch: payload.deployment.meta.githubCommitRef,
      environment: payload.target,
      url: `https://${payload.url}`,
      status: 'succeeded',
      providerUrl: payload.links.deployment,
    });

    const errorRaw = body({ ...vercel.payload, id: 'evt-error', type: 'deployment.error' });
    expect((await stored(await d.deliver(path, errorRaw, SIGNERS.vercel(pasted, errorRaw)))).status).toBe(
      'failed',
    );
  });

  it('ignores deployment.created with 202', async () => {
    d = await createDeployApp();
    const owner = await d.user('pro');
    const pasted = 'vercel-shown-secret-0123456789abcdef';
    const { path } = await d.receiver(owner, 'vercel', pasted);
    const raw = body({ ...vercel.payload, type: 'deployment.created' });
    expect((await d.deliver(path, raw, SIGNERS.vercel(pasted, raw))).status).toBe(202);
    expect(await d.storedDeployments()).toBe(0);
  });
});

describe('Netlify', () => {
  it('stores a deploy_succeeded signed with a JWS: commit_ref, branch, context and the deploy page', async () => {
    d = await createDeployApp();
    const owner = await d.user('pro');
    const site = await d.monitor(owner, 'https://www.acme.example/', 'Acme');
    await d.monitor(owner, 'https://unrelated.example.com', 'Unrelated');
    const { path, secret } = await d.receiver(owner, 'netlify');
    const raw = body(netlify.payload);
    const deployment = await stored(await d.deliver(path, raw, SIGNERS.netlify(secret, raw)));
    const p = netlify.payload;
    expect(deployment).toMatchObject({
      provider: 'netlify',
      version: p.commit_ref.slice(0, 7),
      commitSha: p.commit_ref,
      branch: p.branch,
      environment: p.context,
      url: p.deploy_ssl_url,
      status: 'succeeded',
      providerUrl: `${p.admin_url}/deploys/${p.id}`,
      // The site's own address (ssl_url) is the monitored host.
      monitorIds: [site],
    });
  });

  it('stores the same deploy once per state: ready and error are two deliveries', async () => {
    d = await createDeployApp();
    const owner = await d.user('pro');
    const { path, secret } = await d.receiver(owner, 'netlify');
    const ready = body(netlify.payload);
    const failed = body({
      ...netlify.payload,
      state: 'error',
      error_message: 'Build script returned non-zero exit code: 2',
    });
    expect((await d.deliver(path, ready, SIGNERS.netlify(secret, ready))).status).toBe(201);
    expect((await d.deliver(path, ready, SIGNERS.netlify(secret, ready))).status).toBe(200);
    expect((await stored(await d.deliver(path, failed, SIGNERS.netlify(secret, failed)))).status).toBe(
      'failed',
    );
    expect(await d.storedDeployments()).toBe(2);
    const building = body({ ...netlify.payload, id: 'other', state: 'building' });
    expect((await d.deliver(path, building, SIGNERS.netlify(secret, building))).status).toBe(202);
    expect(await d.storedDeployments()).toBe(2);
  });
});

const FIXTURES: Record<WebhookProvider, { payload: unknown; headers: Record<string, string> }> = {
  github: { payload: githubStatus.payload, headers: githubHeaders('deployment_status', 'delivery-1') },
  vercel: { payload: vercel.payload, headers: {} },
  netlify: { payload: netlify.payload, headers: {} },
};

describe.each(['github', 'vercel', 'netlify'] as const)('%s signatures', (provider) => {
  async function setUp() {
    d = await createDeployApp();
    const owner = await d.user('pro');
    const pasted = provider === 'vercel' ? 'vercel-shown-secret-0123456789abcdef' : undefined;
    return d.receiver(owner, provider, pasted);
  }

  it('refuses a wrong secret, a tampered body, a missing signature or token with 401, storing nothing', async () => {
    const { path, secret } = await setUp();
    const { payload, headers } = FIXTURES[provider];
    const raw = body(payload);
    const sign = SIGNERS[provider];
    const tampered = raw.replace('main', 'evil');
    expect(tampered).not.toBe(raw);
    const attempts: [string, string, string, Record<string, string>][] = [
      ['wrong secret', path, raw, { ...headers, ...sign(`${secret}x`, raw) }],
      ['tampered body', path, tampered, { ...headers, ...sign(secret, raw) }],
      ['missing signature', path, raw, headers],
      [
        'unknown token',
        path.replace(/token=[^&]+/, 'token=unknown'),
        raw,
        { ...headers, ...sign(secret, raw) },
      ],
      ['no token', path.replace(/\?.*$/, ''), raw, { ...headers, ...sign(secret, raw) }],
    ];
    for (const [what, url, sent, signed] of attempts) {
      const response = await d.deliver(url, sent, signed);
      expect(response.status, what).toBe(401);
      expect((await errorOf(response)).code, what).toBe('invalid_signature');
    }
    expect(await d.storedDeployments()).toBe(0);
    const receivers = await d.t.database.db
      .selectFrom('deployment_webhooks')
      .select('last_delivery_at')
      .execute();
    expect(receivers).toEqual([{ last_delivery_at: null }]);
  });

  it('stores a redelivery once and answers it with the first deployment', async () => {
    const { path, secret } = await setUp();
    const { payload, headers } = FIXTURES[provider];
    const raw = body(payload);
    const signed = { ...headers, ...SIGNERS[provider](secret, raw) };
    const first = await stored(await d.deliver(path, raw, signed));
    d.clock.advance(60_000);
    const again = await stored(await d.deliver(path, raw, signed), 200);
    expect(again.id).toBe(first.id);
    expect(await d.storedDeployments()).toBe(1);
  });
});
