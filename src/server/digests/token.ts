// Unsubscribe links carry a token signed with SECRET_KEY: whoever holds the mail may turn the
// digest off without signing in, and nobody can forge one for another account.
import { createHmac, timingSafeEqual } from 'node:crypto';

const PURPOSE = 'digest-unsubscribe';

function signature(secret: string, userId: string): Buffer {
  return createHmac('sha256', secret).update(`${PURPOSE}:${userId}`).digest();
}

export function signUnsubscribeToken(secret: string, userId: string): string {
  return `${Buffer.from(userId).toString('base64url')}.${signature(secret, userId).toString('base64url')}`;
}

/** The user id the token was signed for, or null for anything else. */
export function verifyUnsubscribeToken(secret: string, token: string): string | null {
  const [encodedId, encodedSignature, ...rest] = token.split('.');
  if (!encodedId || !encodedSignature || rest.length > 0) return null;
  const userId = Buffer.from(encodedId, 'base64url').toString('utf8');
  const given = Buffer.from(encodedSignature, 'base64url');
  const expected = signature(secret, userId);
  return given.length === expected.length && timingSafeEqual(given, expected) && userId.length > 0
    ? userId
    : null;
}
