// Tokens signed with SECRET_KEY for links that act without signing in (a digest's unsubscribe,
// an alert's acknowledgement): whoever holds the link may do that one thing, and nobody can
// forge one. Each use names its purpose, so a token made for one can never serve another.
import { createHmac, timingSafeEqual } from 'node:crypto';

function signature(secret: string, purpose: string, payload: string): Buffer {
  return createHmac('sha256', secret).update(`${purpose}:${payload}`).digest();
}

/** `base64url(payload).base64url(HMAC-SHA256(secret, purpose:payload))`. */
export function signToken(secret: string, purpose: string, payload: string): string {
  const signed = signature(secret, purpose, payload).toString('base64url');
  return `${Buffer.from(payload).toString('base64url')}.${signed}`;
}

/** The payload the token was signed for under this purpose, or null for anything else. */
export function verifyToken(secret: string, purpose: string, token: string): string | null {
  const [encodedPayload, encodedSignature, ...rest] = token.split('.');
  if (!encodedPayload || !encodedSignature || rest.length > 0) return null;
  const payload = Buffer.from(encodedPayload, 'base64url').toString('utf8');
  const given = Buffer.from(encodedSignature, 'base64url');
  const expected = signature(secret, purpose, payload);
  return given.length === expected.length && timingSafeEqual(given, expected) && payload.length > 0
    ? payload
    : null;
}
