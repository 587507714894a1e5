// Signature checks on the raw body, before anything is parsed, each comparison in constant
// time. GitHub: X-Hub-Signature-256 = "sha256=" + hex HMAC-SHA256. Vercel: x-vercel-signature =
// hex HMAC-SHA1. Netlify: X-Webhook-Signature = a JWS (HS256) whose `sha256` claim is the
// body's hex SHA-256 and whose issuer is netlify.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { WebhookProvider } from '../../core/api/deployments.ts';

type Headers = { get(name: string): string | null };

function sameText(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  // Lengths are public (a hex digest's length is fixed); the contents are compared in constant time.
  return a.length === b.length && timingSafeEqual(a, b);
}

function hmacHex(algorithm: 'sha256' | 'sha1', secret: string, body: Buffer): string {
  return createHmac(algorithm, secret).update(body).digest('hex');
}

function verifyGithub(headers: Headers, body: Buffer, secret: string): boolean {
  const given = headers.get('x-hub-signature-256');
  return given !== null && sameText(given.trim().toLowerCase(), `sha256=${hmacHex('sha256', secret, body)}`);
}

function verifyVercel(headers: Headers, body: Buffer, secret: string): boolean {
  const given = headers.get('x-vercel-signature');
  return given !== null && sameText(given.trim().toLowerCase(), hmacHex('sha1', secret, body));
}

function decodeJson(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function verifyNetlify(headers: Headers, body: Buffer, secret: string): boolean {
  const parts = headers.get('x-webhook-signature')?.trim().split('.') ?? [];
  if (parts.length !== 3) return false;
  const [header = '', claims = '', signature = ''] = parts;
  const expected = createHmac('sha256', secret).update(`${header}.${claims}`).digest('base64url');
  if (!sameText(signature, expected)) return false;
  // Only now, signed by the secret's holder, are the header and claims worth reading.
  const alg = decodeJson(header)?.alg;
  const payload = decodeJson(claims);
  if (alg !== 'HS256' || !payload || payload.iss !== 'netlify' || typeof payload.sha256 !== 'string')
    return false;
  return sameText(payload.sha256.toLowerCase(), createHash('sha256').update(body).digest('hex'));
}

export const verifySignature: Record<
  WebhookProvider,
  (headers: Headers, body: Buffer, secret: string) => boolean
> = { github: verifyGithub, vercel: verifyVercel, netlify: verifyNetlify };
