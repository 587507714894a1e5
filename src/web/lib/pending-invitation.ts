// An invitation link opened while signed out: remembered for this tab while the person signs up or
// in, so they come back to it instead of to the dashboard.
const KEY = 'upwatch:invitation';

export function rememberInvitation(token: string): void {
  sessionStorage.setItem(KEY, token);
}

/** The remembered invitation's page, once: the path to go to after signing in. */
export function takeInvitationPath(): string | null {
  const token = sessionStorage.getItem(KEY);
  if (!token) return null;
  sessionStorage.removeItem(KEY);
  return `/invitation/${encodeURIComponent(token)}`;
}
