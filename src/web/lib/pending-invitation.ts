// An invitation link opened while signed out: remembered for this tab while the person signs up or
// in, so they come back to it instead of to the dashboard, and sign up with the invited address.
const KEY = 'upwatch:invitation';
const EMAIL_KEY = 'upwatch:invitation-email';

export function rememberInvitation(token: string, email?: string): void {
  sessionStorage.setItem(KEY, token);
  if (email) sessionStorage.setItem(EMAIL_KEY, email);
  else sessionStorage.removeItem(EMAIL_KEY);
}

/** The remembered invitation, if any: its token, and the address it was sent to when known. */
export function pendingInvitation(): { token: string; email: string | null } | null {
  const token = sessionStorage.getItem(KEY);
  return token ? { token, email: sessionStorage.getItem(EMAIL_KEY) } : null;
}

export function forgetInvitation(): void {
  sessionStorage.removeItem(KEY);
  sessionStorage.removeItem(EMAIL_KEY);
}

/** The remembered invitation's page, once: the path to go to after signing in. */
export function takeInvitationPath(): string | null {
  const token = sessionStorage.getItem(KEY);
  if (!token) return null;
  forgetInvitation();
  return `/invitation/${encodeURIComponent(token)}`;
}
