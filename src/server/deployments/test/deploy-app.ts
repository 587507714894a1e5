// A test app on the fake clock for deployments: act as a signed-in user (cookie) or a script
// (bearer key), set up provider receivers, and send deliveries signed the way each provider
// signs them (GitHub HMAC-SHA256, Vercel HMAC-SHA1, Netlify a JWS HS256 over the body's hash).
import { createHash, createHmac } from 'node:crypto';
import type { Deployment, WebhookProvider } from '../../../core/api/deployments.ts';
import type { TestUser } from '../../test/factories.ts';
import { createUserApp } from '../../test/user-app.ts';

export const START = Date.UTC(2026, 10, 2, 9, 0, 15);

export function signGithub(secret: string, body: string): Record<string, string> {
  return { 'x-hub-signature-256': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}` };
}

export function signVercel(secret: string, body: string): Record<string, string> {
  return { 'x-vercel-signature': createHmac('sha1', secret).update(body).digest('hex') };
}

export function netlifyJws(secret: string, body: string, claims: Record<string, unknown> = {}): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const sha256 = createHash('sha256').update(body).digest('hex');
  const signing = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ iss: 'netlify', sha256, ...claims })}`;
  return `${signing}.${createHmac('sha256', secret).update(signing).digest('base64url')}`;
}

export function signNetlify(secret: string, body: string): Record<string, string> {
  return { 'x-webhook-signature': netlifyJws(secret, body) };
}

export const SIGNERS: Record<WebhookProvider, (secret: string, body: string) => Record<string, string>> = {
  github: signGithub,
  vercel: signVercel,
  netlify: signNetlify,
};

export async function createDeployApp(options: { allowPrivateTargets?: boolean } = {}) {
  const base = await createUserApp(START, options);
  const { t, send, json } = base;

  async function monitor(owner: TestUser, url: string, name = url): Promise<string> {
    const created = await json<{ id: string }>(
      await send(owner, 'POST', '/monitors', { name, url, intervalSeconds: 60 }),
      201,
    );
    return created.id;
  }

  async function deploy(owner: TestUser, body: Record<string, unknown>): Promise<Deployment> {
    return json<Deployment>(await send(owner, 'POST', '/deployments', body), 201);
  }

  /** Sets up the provider's receiver; returns its URL path with token, and the secret. */
  async function receiver(owner: TestUser, provider: WebhookProvider, pasted?: string) {
    const body = pasted === undefined ? undefined : { secret: pasted };
    const answer = await json<{ webhook: { webhookUrl: string }; secret: string | null }>(
      await send(owner, 'PUT', `/deployment-webhooks/${provider}`, body),
      200,
    );
    const url = new URL(answer.webhook.webhookUrl);
    return { path: `${url.pathname}${url.search}`, secret: answer.secret ?? pasted ?? '' };
  }

  /** A provider's POST: no cookie, no key, only its own headers. */
  function deliver(path: string, body: string, headers: Record<string, string>) {
    return Promise.resolve(
      t.app.request(path, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json', ...headers },
      }),
    );
  }

  async function storedDeployments(): Promise<number> {
    const rows = await t.database.db.selectFrom('deployments').select('id').execute();
    return rows.length;
  }

  return { ...base, monitor, deploy, receiver, deliver, storedDeployments };
}

export type DeployApp = Awaited<ReturnType<typeof createDeployApp>>;

export async function errorOf(response: Response) {
  return ((await response.json()) as { error: { code: string; message: string } }).error;
}
