// "All members by email": an alert reaches every member of the workspace at their own address,
// over a real SMTP server, whoever belongs to the workspace when it goes out.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { joinWorkspace } from '../test/workspace-rows.ts';
import { type AlertApp, createAlertApp } from './test/alert-app.ts';
import { startSmtpSink } from './test/smtp-sink.ts';

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let t: AlertApp;
beforeEach(async () => {
  sink = await startSmtpSink();
  t = await createAlertApp({ smtpUrl: sink.url });
});
afterEach(async () => {
  await t.close();
  await sink.close();
});

describe('the all-members email channel', () => {
  it('mails each member of the workspace, one mail each, including those who joined after it was made', async () => {
    const owner = await t.user('pro');
    const grace = await t.user('free');
    await joinWorkspace(t.db, t.database.dialect, owner.id, grace.id, 'member');
    const created = await t.send(owner, 'POST', '/alert-channels', { kind: 'members', name: 'Whole team' });
    expect(created.status, await created.clone().text()).toBe(201);
    const channel = (await created.json()) as { id: string; kind: string };
    expect(channel.kind).toBe('members');

    const alan = await t.user('free');
    await joinWorkspace(t.db, t.database.dialect, owner.id, alan.id, 'viewer');
    const result = await (await t.send(owner, 'POST', `/alert-channels/${channel.id}/test`)).json();
    expect(result).toMatchObject({ ok: true });
    expect(sink.mails.map((mail) => mail.to).sort()).toEqual(
      [[alan.email], [grace.email], [owner.email]].sort(),
    );
    expect(sink.mails.every((mail) => mail.subject === sink.mails[0]?.subject)).toBe(true);
  });

  it('takes no address: one given is refused by name, and the channel sends to every member', async () => {
    const owner = await t.user('pro');
    const refused = await t.send(owner, 'POST', '/alert-channels', {
      kind: 'members',
      name: 'Team',
      config: { address: 'stranger@example.com' },
    });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({
      error: { code: 'unknown_field', message: 'config.address: this request has no such field.' },
    });
    const response = await t.send(owner, 'POST', '/alert-channels', {
      kind: 'members',
      name: 'Team',
      config: {},
    });
    expect(response.status).toBe(201);
    const channel = (await response.json()) as { id: string; target: string };
    expect(channel.target).toBe('Every member');
    await t.send(owner, 'POST', `/alert-channels/${channel.id}/test`);
    expect(sink.mails.map((mail) => mail.to)).toEqual([[owner.email]]);
  });
});
