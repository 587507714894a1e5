// POSTs (or PUTs) an alert to a user-supplied URL through the SSRF guard: every connection is vetted
// after DNS resolution, redirects are not followed, and only a 2xx answer counts as delivered.
import { request } from 'undici';
import { createGuardedAgent } from '../platform/net/guarded-agent.ts';
import type { TargetGuard } from '../platform/net/target-guard.ts';
import { DeliveryError, type PostOptions } from './channel.ts';

const ERROR_BODY_LIMIT = 300;

export function createPostJson(guard: TargetGuard) {
  return async function postJson(
    url: string,
    body: string,
    { headers = {}, method = 'POST', signal }: PostOptions,
  ) {
    // One agent per alert: alerts are rare, and nothing is left open between them.
    const agent = createGuardedAgent(guard);
    try {
      const response = await request(url, {
        method,
        dispatcher: agent,
        signal,
        headers: { 'content-type': 'application/json', 'user-agent': 'Upwatch-Alerts/1', ...headers },
        body,
      });
      const excerpt = await readExcerpt(response.body);
      if (response.statusCode < 200 || response.statusCode >= 300) {
        const said = excerpt ? `: ${excerpt}` : '';
        throw new DeliveryError(`The receiver answered HTTP ${response.statusCode}${said}`);
      }
    } catch (err) {
      if (err instanceof DeliveryError) throw err;
      throw new DeliveryError(describeNetworkError(err, signal), false, { cause: err });
    } finally {
      await agent.close().catch(() => undefined);
    }
  };
}

/** The start of an error answer, for the deliveries log; the rest is discarded unread. */
async function readExcerpt(body: AsyncIterable<Buffer> & { destroy(): unknown }): Promise<string> {
  let text = '';
  for await (const chunk of body) {
    text += chunk.toString('utf8');
    if (text.length >= ERROR_BODY_LIMIT) {
      body.destroy();
      break;
    }
  }
  return text.trim().replace(/\s+/g, ' ').slice(0, ERROR_BODY_LIMIT);
}

function describeNetworkError(err: unknown, signal: AbortSignal): string {
  if (signal.aborted) return 'The receiver did not answer in time.';
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
  if (cause instanceof Error) {
    const code = (cause as { code?: unknown }).code;
    return typeof code === 'string' && !cause.message.includes(code)
      ? `${cause.message} (${code})`
      : cause.message;
  }
  return String(cause);
}
