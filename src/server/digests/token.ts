// Unsubscribe links carry a token signed with SECRET_KEY: whoever holds the mail may turn the
// digest off without signing in, and nobody can forge one for another account.
import { signToken, verifyToken } from '../platform/signed-token.ts';

const PURPOSE = 'digest-unsubscribe';

export function signUnsubscribeToken(secret: string, userId: string): string {
  return signToken(secret, PURPOSE, userId);
}

/** The user id the token was signed for, or null for anything else. */
export function verifyUnsubscribeToken(secret: string, token: string): string | null {
  return verifyToken(secret, PURPOSE, token);
}
