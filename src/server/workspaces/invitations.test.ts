import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAlertApp } from '../alerts/test/alert-app.ts';
import { startSmtpSink } from '../alerts/test/smtp-sink.ts';
import { createUser, type TestUser } from '../test/factories.ts';

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let t: Awaited<ReturnType<typeof createAlertApp>>;
let owner: TestUser;
beforeEach(async () => {
  sink = await startSmtpSink();
  t = await createAlertApp({ smtpUrl: sink.url });
  owner = await t.user('pro');
});
afterEach(async () => {
  await t.close();
  await sink.close();
});

async function body<T>(response: Response, status: number): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
}

/** The token of the link in the last mail to `to`: the path segment after /invitation/. */
function mailedToken(to: string): string {
  const mail = sink.mails.filter((m) => m.to.includes(to)).at(-1);
  const match = mail?.text.match(/\/invitation\/([\w-]+)/);
  if (!match?.[1]) throw new Error(`no invitation link mailed to ${to}`);
  return match[1];
}

describe('invitations', () => {
  it('mails an invitation; the invitee joins with the role given, works in the workspace and sees its monitors', async () => {
    const monitor = await body<{ id: string }>(
      await t.send(owner, 'POST', '/monitors', { name: 'Shop', url: 'https://shop.example.com' }),
      201,
    );
    const invited = await body<{ state: string; role: string }>(
      await t.send(owner, 'POST', '/workspace/invitations', { email: 'Grace@Example.com', role: 'viewer' }),
      201,
    );
    expect(invited).toMatchObject({ state: 'pending', role: 'viewer' });
    const mail = sink.mails.at(-1);
    expect(mail?.to).toEqual(['grace@example.com']);
    expect(mail?.subject).toContain('invited you to');
    expect(mail?.text).toContain('http://localhost:3000/invitation/');

    // Someone without an account signs up with the invited address, then accepts.
    const grace = await createUser(t.auth, { email: 'grace@example.com', name: 'Grace' });
    const joined = await body<{ workspaceId: string }>(
      await t.send(grace, 'POST', '/workspace/invitations/accept', {
        token: mailedToken('grace@example.com'),
      }),
      200,
    );
    expect(joined.workspaceId).toBe(owner.id);
    const list = await body<{ monitors: { id: string }[] }>(await t.send(grace, 'GET', '/monitors'), 200);
    expect(list.monitors.map((m) => m.id)).toEqual([monitor.id]);
    expect(
      (await t.send(grace, 'POST', '/monitors', { name: 'X', url: 'https://x.example.com' })).status,
    ).toBe(403);

    const team = await body<{ members: { email: string; role: string }[]; invitations: unknown[] }>(
      await t.send(owner, 'GET', '/workspace/members'),
      200,
    );
    expect(team.members.map((m) => [m.email, m.role])).toEqual([
      [owner.email, 'owner'],
      ['grace@example.com', 'viewer'],
    ]);
    expect(team.invitations).toEqual([]);

    // Grace switches back to her own workspace (better-auth's active organization), and back again.
    const setActive = (organizationId: string) =>
      t.request('/api/auth/organization/set-active', {
        method: 'POST',
        headers: {
          cookie: grace.cookie,
          origin: 'http://localhost:3000',
          'content-type': 'application/json',
        },
        body: JSON.stringify({ organizationId }),
      });
    expect((await setActive(grace.id)).status).toBe(200);
    expect(
      (await body<{ monitors: unknown[] }>(await t.send(grace, 'GET', '/monitors'), 200)).monitors,
    ).toEqual([]);
    expect((await setActive(owner.id)).status).toBe(200);
    const again = await body<{ monitors: { id: string }[] }>(await t.send(grace, 'GET', '/monitors'), 200);
    expect(again.monitors.map((m) => m.id)).toEqual([monitor.id]);
    // Not a member of a stranger's workspace: refused, and nothing of the stranger's is shown.
    const stranger = await t.user('free');
    expect((await setActive(stranger.id)).status).toBe(403);
    // better-auth clears the session's workspace on a refused switch: she is back in her own.
    const own = await body<{ monitors: unknown[] }>(await t.send(grace, 'GET', '/monitors'), 200);
    expect(own.monitors).toEqual([]);
  });

  it('works for an existing user, who may then change roles as an admin', async () => {
    const grace = await t.user('free');
    await body(
      await t.send(owner, 'POST', '/workspace/invitations', { email: grace.email, role: 'admin' }),
      201,
    );
    await body(
      await t.send(grace, 'POST', '/workspace/invitations/accept', { token: mailedToken(grace.email) }),
      200,
    );
    const alan = await t.user('free');
    await body(
      await t.send(grace, 'POST', '/workspace/invitations', { email: alan.email, role: 'member' }),
      201,
    );
    await body(
      await t.send(alan, 'POST', '/workspace/invitations/accept', { token: mailedToken(alan.email) }),
      200,
    );

    expect((await t.send(grace, 'PATCH', `/workspace/members/${alan.id}`, { role: 'viewer' })).status).toBe(
      204,
    );
    expect((await t.send(grace, 'PATCH', `/workspace/members/${owner.id}`, { role: 'viewer' })).status).toBe(
      409,
    );
    const refused = await t.send(alan, 'POST', '/workspace/invitations', {
      email: 'x@example.com',
      role: 'member',
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { code: 'forbidden_role' } });

    // A viewer may not remove others, but anyone may leave.
    const carol = await t.user('free');
    await body(
      await t.send(grace, 'POST', '/workspace/invitations', { email: carol.email, role: 'viewer' }),
      201,
    );
    await body(
      await t.send(carol, 'POST', '/workspace/invitations/accept', { token: mailedToken(carol.email) }),
      200,
    );
    expect((await t.send(carol, 'DELETE', `/workspace/members/${alan.id}`)).status).toBe(403);
    expect((await t.send(carol, 'DELETE', `/workspace/members/${carol.id}`)).status).toBe(204);
    expect((await t.send(owner, 'DELETE', `/workspace/members/${owner.id}`)).status).toBe(409);

    expect((await t.send(grace, 'DELETE', `/workspace/members/${alan.id}`)).status).toBe(204);
    // Removed, Alan works in his own workspace again and sees none of the shared monitors.
    const alans = await body<{ workspaces: { id: string; active: boolean }[] }>(
      await t.send(alan, 'GET', '/workspaces'),
      200,
    );
    expect(alans.workspaces).toEqual([expect.objectContaining({ id: alan.id, active: true })]);
  });

  it('answers 409 for an existing member or a waiting invitation, and 422 for a bad address', async () => {
    const conflict = await t.send(owner, 'POST', '/workspace/invitations', {
      email: owner.email,
      role: 'member',
    });
    expect(conflict.status).toBe(409);
    expect(await conflict.json()).toMatchObject({ error: { code: 'already_member' } });
    await body(await t.send(owner, 'POST', '/workspace/invitations', { email: 'a@example.com' }), 201);
    const again = await t.send(owner, 'POST', '/workspace/invitations', { email: 'a@example.com' });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: { code: 'already_invited' } });
    expect(
      (await t.send(owner, 'POST', '/workspace/invitations', { email: 'nope', role: 'member' })).status,
    ).toBe(422);
    expect(
      (await t.send(owner, 'POST', '/workspace/invitations', { email: 'b@example.com', role: 'owner' }))
        .status,
    ).toBe(422);
  });

  it('expires after seven days on the clock; a resend renews it; a revoked link says so', async () => {
    await body(await t.send(owner, 'POST', '/workspace/invitations', { email: 'late@example.com' }), 201);
    const token = mailedToken('late@example.com');
    const late = await createUser(t.auth, { email: 'late@example.com' });
    t.clock.advance(7 * 86_400_000 + 1);
    const preview = await body<{ state: string }>(
      await t.request(`/api/v1/workspace/invitations/${token}`),
      200,
    );
    expect(preview.state).toBe('expired');
    const expired = await t.send(late, 'POST', '/workspace/invitations/accept', { token });
    expect(expired.status).toBe(410);
    expect(await expired.json()).toMatchObject({ error: { code: 'invitation_expired' } });

    const sent = sink.mails.length;
    const [pending] = (
      await body<{ invitations: { id: string }[] }>(await t.send(owner, 'GET', '/workspace/members'), 200)
    ).invitations;
    await body(await t.send(owner, 'POST', `/workspace/invitations/${pending?.id}/resend`), 200);
    expect(sink.mails.length).toBe(sent + 1);
    expect((await t.send(owner, 'DELETE', `/workspace/invitations/${pending?.id}`)).status).toBe(204);
    const revoked = await t.send(late, 'POST', '/workspace/invitations/accept', { token });
    expect(revoked.status).toBe(410);
    expect(await revoked.json()).toMatchObject({ error: { code: 'invitation_revoked' } });
    expect((await t.request('/api/v1/workspace/invitations/not-a-token')).status).toBe(404);
  });

  it('refuses a link used by someone signed in with another address', async () => {
    await body(await t.send(owner, 'POST', '/workspace/invitations', { email: 'grace@example.com' }), 201);
    const other = await t.user('free');
    const response = await t.send(other, 'POST', '/workspace/invitations/accept', {
      token: mailedToken('grace@example.com'),
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: { code: 'invitation_other_email' } });
    const others = await body<{ workspaces: unknown[] }>(await t.send(other, 'GET', '/workspaces'), 200);
    expect(others.workspaces).toHaveLength(1);
  });
});
