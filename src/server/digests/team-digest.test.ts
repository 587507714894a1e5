// Digests in a team: each member who opted in gets one, covering the shared workspace's monitors
// as well as their own, whatever their role there; nobody outside it sees them.
import { afterEach, describe, expect, it } from 'vitest';
import { joinWorkspace } from '../test/workspace-rows.ts';
import { createDigestApp, type DigestApp } from './test/digest-app.ts';

let t: DigestApp;
afterEach(async () => {
  await t.close();
});

describe("a workspace member's digest", () => {
  it("covers the shared workspace's monitors for a viewer, and none of them for an outsider", async () => {
    t = await createDigestApp();
    const ada = await t.user('starter');
    const grace = await t.user('starter');
    const outsider = await t.user('starter');
    const shop = await t.send(ada, 'POST', '/monitors', {
      name: 'Shared shop',
      url: 'https://shop.example.com',
    });
    expect(shop.status).toBe(201);
    await joinWorkspace(t.db, t.dialect, ada.id, grace.id, 'viewer');

    for (const user of [grace, outsider]) {
      expect((await t.send(user, 'POST', '/reports/preview')).status).toBe(200);
    }
    const [toGrace, toOutsider] = [grace, outsider].map((user) =>
      t.mails.find((mail) => mail.to.includes(user.email)),
    );
    expect(toGrace?.text).toContain('Shared shop');
    expect(toOutsider?.text).toBeDefined();
    expect(toOutsider?.text).not.toContain('Shared shop');
  });
});
