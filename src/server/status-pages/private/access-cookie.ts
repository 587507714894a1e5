// The cookie a visitor gets for entering a page's password: signed with SECRET_KEY, naming the
// page, its expiry and a fingerprint of the password hash, so a new password shuts out everyone
// who entered the old one.
import { createHash } from 'node:crypto';
import { signToken, verifyToken } from '../../platform/signed-token.ts';

const PURPOSE = 'status-page-access';
export const ACCESS_COOKIE_DAYS = 30;
const DAY_MS = 86_400_000;

export const accessCookieName = (pageId: string) => `upwatch_page_${pageId}`;

const fingerprint = (passwordHash: string) =>
  createHash('sha256').update(passwordHash).digest('base64url').slice(0, 16);

export function signAccess(secret: string, pageId: string, passwordHash: string, now: number): string {
  const expires = now + ACCESS_COOKIE_DAYS * DAY_MS;
  return signToken(secret, PURPOSE, `${pageId}.${expires}.${fingerprint(passwordHash)}`);
}

export function hasAccess(
  secret: string,
  token: string | undefined,
  page: { id: string; passwordHash: string | null },
  now: number,
): boolean {
  if (!token || !page.passwordHash) return false;
  const payload = verifyToken(secret, PURPOSE, token);
  const [pageId, expires, print] = payload?.split('.') ?? [];
  return pageId === page.id && Number(expires) > now && print === fingerprint(page.passwordHash);
}
