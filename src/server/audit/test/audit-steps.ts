// The steps of the audit log's test (audit.test.ts): every write route of the API document, with
// what it needs made first and the one event it must leave. Kept apart from the test's loop so
// each stays readable.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { kumaDbUpload } from '../../app/cli/kuma-db-copy.ts';
import type { TestUser } from '../../test/factories.ts';
import { insertAutomaticIncident } from '../../test/incident-rows.ts';
import { insertSubscriber } from '../../test/subscriber-rows.ts';
import type { createUserApp } from '../../test/user-app.ts';
import { joinWorkspace } from '../../test/workspace-rows.ts';

type UserApp = Awaited<ReturnType<typeof createUserApp>>;

/** A Kuma 2.x database holding one HTTP monitor and nothing else, cut from the real fixture. */
function oneMonitorKumaDb(): Buffer {
  const fixture = readFileSync(
    path.join(import.meta.dirname, '../../imports/fixtures/kuma-real/kuma-2.5.3.db'),
  );
  // The upload the CLI makes: the importer's tables alone, out of Kuma's WAL mode.
  const kuma = new Database(kumaDbUpload(fixture));
  kuma.pragma('foreign_keys = OFF');
  kuma.exec(`delete from monitor where id <> (select min(id) from monitor where type = 'http');
    delete from monitor_notification; delete from notification;
    update monitor set url = 'https://imported-db.example.com';`);
  const bytes = kuma.serialize();
  kuma.close();
  return bytes;
}

export type Step = {
  /** The route as the API document names it. */
  op: string;
  /** Set-up the step needs first. */
  before?: () => Promise<void>;
  as?: TestUser;
  path?: string;
  body?: unknown;
  /** A file sent as it is (application/octet-stream), not as JSON. */
  bytes?: Buffer;
  bearer?: string;
  action: string;
};

/**
 * Makes what the steps act on (each creation is itself a write route: `setUp` names them) and
 * returns the steps, in an order where each one's subject still exists.
 */
export async function auditSteps(
  app: UserApp,
  now: number,
  { owner, colleague, newcomer }: { owner: TestUser; colleague: TestUser; newcomer: TestUser },
): Promise<{ setUp: string[]; steps: Step[]; keyId: string }> {
  const json = app.json;
  const post = async <T>(path: string, body: unknown, status = 201) =>
    json<T & { id: string }>(await app.send(owner, 'POST', path, body), status);
  const monitor = await post<{ name: string }>('/monitors', {
    name: 'Shop',
    url: 'https://shop.example.com',
  });
  const channel = await post('/alert-channels', {
    kind: 'email',
    name: 'Ops',
    config: { address: 'ops@example.com' },
  });
  const policy = await post('/escalation-policies', {
    name: 'On call',
    steps: [{ channelIds: [channel.id], waitMinutes: 10 }],
  });
  const incident = await post('/incidents', { title: 'Checkout slow' });
  const auto = await insertAutomaticIncident(app.t.database.db, owner.id, monitor.id, now - 60_000);
  const note = await post(`/incidents/${incident.id}/notes`, { text: 'Looking.' });
  const page = await post('/status-pages', { name: 'Acme', slug: 'acme-audit' });
  const site = await post('/performance/sites', { url: 'https://docs.example.com/' });
  const window = await post('/maintenance-windows', {
    name: 'Upgrade',
    startsAt: now + 3_600_000,
    durationMinutes: 30,
    monitorIds: [monitor.id],
  });
  const windowUpdate = await post(`/maintenance-windows/${window.id}/updates`, {
    message: 'Starting soon.',
  });
  const key = await post<{ key: string }>('/api-keys', { name: 'CI' });
  const invitation = await post('/workspace/invitations', { email: 'someone@example.com', role: 'member' });
  const joining = await post('/workspace/invitations', { email: newcomer.email, role: 'viewer' });

  const steps: Step[] = [
    {
      op: 'PATCH /monitors/{id}',
      path: `/monitors/${monitor.id}`,
      body: { name: 'Shop front' },
      action: 'monitor.update',
    },
    { op: 'POST /monitors/{id}/pause', path: `/monitors/${monitor.id}/pause`, action: 'monitor.pause' },
    { op: 'POST /monitors/{id}/resume', path: `/monitors/${monitor.id}/resume`, action: 'monitor.resume' },
    { op: 'POST /monitors/{id}/check', path: `/monitors/${monitor.id}/check`, action: 'monitor.check' },
    {
      op: 'PUT /monitors/{id}/alert-channels',
      path: `/monitors/${monitor.id}/alert-channels`,
      body: { channelIds: [channel.id] },
      action: 'monitor.channels',
    },
    {
      op: 'PATCH /monitors/{id}/alert-settings',
      path: `/monitors/${monitor.id}/alert-settings`,
      body: { renotifyMinutes: 30 },
      action: 'monitor.alert_settings',
    },
    {
      op: 'PUT /monitors/{id}/regions',
      path: `/monitors/${monitor.id}/regions`,
      body: { regions: null, quorum: 1 },
      action: 'monitor.regions',
    },
    {
      op: 'PUT /workspace/alert-settings',
      body: { groupingSeconds: 120 },
      action: 'workspace.alert_settings',
    },
    {
      op: 'PATCH /alert-channels/{id}',
      path: `/alert-channels/${channel.id}`,
      body: { name: 'On call' },
      action: 'channel.update',
    },
    {
      op: 'PATCH /escalation-policies/{id}',
      path: `/escalation-policies/${policy.id}`,
      body: { repeatEveryMinutes: 30, isDefault: true },
      action: 'escalation_policy.update',
    },
    {
      op: 'PUT /monitors/{id}/escalation-policy',
      path: `/monitors/${monitor.id}/escalation-policy`,
      body: { policyId: policy.id },
      action: 'monitor.escalation_policy',
    },
    {
      op: 'POST /alert-channels/{id}/test',
      path: `/alert-channels/${channel.id}/test`,
      action: 'channel.test',
    },
    {
      op: 'POST /incidents/{id}/acknowledge',
      path: `/incidents/${auto.id}/acknowledge`,
      action: 'incident.acknowledge',
    },
    {
      op: 'PATCH /incidents/{id}',
      path: `/incidents/${incident.id}`,
      body: { severity: 'major' },
      action: 'incident.update',
    },
    {
      op: 'POST /incidents/{id}/updates',
      path: `/incidents/${incident.id}/updates`,
      body: { message: 'Fix deployed.', status: 'monitoring' },
      action: 'incident.post_update',
    },
    {
      op: 'PUT /incidents/{id}/monitors',
      path: `/incidents/${incident.id}/monitors`,
      body: { monitorIds: [monitor.id] },
      action: 'incident.monitors',
    },
    {
      op: 'PUT /incidents/{id}/resolution',
      path: `/incidents/${incident.id}/resolution`,
      body: { rootCause: 'A full disk.', summary: 'Cleaned up.', followUps: ['Alert on disk space'] },
      action: 'incident.resolution',
    },
    {
      op: 'PATCH /incidents/{id}/notes/{noteId}',
      path: `/incidents/${incident.id}/notes/${note.id}`,
      body: { text: 'Found it.' },
      action: 'incident.note_update',
    },
    {
      op: 'DELETE /incidents/{id}/notes/{noteId}',
      path: `/incidents/${incident.id}/notes/${note.id}`,
      action: 'incident.note_delete',
    },
    {
      op: 'PATCH /status-pages/{id}',
      path: `/status-pages/${page.id}`,
      body: { name: 'Acme status' },
      action: 'status_page.update',
    },
    {
      op: 'DELETE /status-pages/{id}/subscribers/{subscriberId}',
      before: async () => {
        await insertSubscriber(app.t.database.db, owner.id, page.id, 'sub-audit');
      },
      path: `/status-pages/${page.id}/subscribers/sub-audit`,
      action: 'status_page.subscriber_remove',
    },
    {
      op: 'POST /status-pages/{id}/custom-domain/verify',
      before: async () => {
        const body = { customDomain: 'status.acme-audit.test' };
        await json(await app.send(owner, 'PATCH', `/status-pages/${page.id}`, body), 200);
      },
      path: `/status-pages/${page.id}/custom-domain/verify`,
      action: 'status_page.domain_check',
    },
    { op: 'DELETE /status-pages/{id}', path: `/status-pages/${page.id}`, action: 'status_page.delete' },
    {
      op: 'PATCH /performance/sites/{id}',
      path: `/performance/sites/${site.id}`,
      body: { name: 'Docs' },
      action: 'performance_site.update',
    },
    {
      op: 'POST /performance/sites/{id}/runs',
      path: `/performance/sites/${site.id}/runs`,
      action: 'performance_site.run',
    },
    {
      op: 'PUT /performance/sites/{id}/rum',
      path: `/performance/sites/${site.id}/rum`,
      body: { enabled: true },
      action: 'performance_site.rum',
    },
    {
      op: 'DELETE /performance/sites/{id}',
      path: `/performance/sites/${site.id}`,
      action: 'performance_site.delete',
    },
    {
      op: 'PATCH /maintenance-windows/{id}',
      path: `/maintenance-windows/${window.id}`,
      body: { name: 'Database upgrade' },
      action: 'maintenance_window.update',
    },
    {
      op: 'POST /maintenance-windows/{id}/start',
      path: `/maintenance-windows/${window.id}/start`,
      action: 'maintenance_window.start',
    },
    {
      op: 'POST /maintenance-windows/{id}/end',
      path: `/maintenance-windows/${window.id}/end`,
      action: 'maintenance_window.end',
    },
    {
      op: 'DELETE /maintenance-windows/{id}/updates/{updateId}',
      path: `/maintenance-windows/${window.id}/updates/${windowUpdate.id}`,
      action: 'maintenance_window.delete_update',
    },
    {
      op: 'DELETE /maintenance-windows/{id}',
      path: `/maintenance-windows/${window.id}`,
      action: 'maintenance_window.delete',
    },
    { op: 'POST /deployments', body: { version: 'v1.2.0' }, bearer: key.key, action: 'deployment.create' },
    {
      op: 'PUT /deployment-webhooks/{provider}',
      path: '/deployment-webhooks/github',
      action: 'deployment_webhook.update',
    },
    {
      op: 'DELETE /deployment-webhooks/{provider}',
      path: '/deployment-webhooks/github',
      action: 'deployment_webhook.delete',
    },
    { op: 'DELETE /api-keys/{id}', path: `/api-keys/${key.id}`, action: 'api_key.revoke' },
    {
      op: 'POST /workspace/invitations/{id}/resend',
      path: `/workspace/invitations/${invitation.id}/resend`,
      action: 'invitation.resend',
    },
    {
      op: 'DELETE /workspace/invitations/{id}',
      path: `/workspace/invitations/${invitation.id}`,
      action: 'invitation.revoke',
    },
    {
      op: 'POST /workspace/invitations/accept',
      as: newcomer,
      body: { token: joining.id },
      action: 'invitation.accept',
    },
    {
      op: 'PATCH /workspace/members/{userId}',
      path: `/workspace/members/${colleague.id}`,
      body: { role: 'admin' },
      action: 'member.role',
    },
    {
      op: 'DELETE /workspace/members/{userId}',
      path: `/workspace/members/${colleague.id}`,
      action: 'member.remove',
    },
    { op: 'PATCH /workspace', body: { name: 'Acme' }, action: 'workspace.update' },
    {
      op: 'DELETE /escalation-policies/{id}',
      path: `/escalation-policies/${policy.id}`,
      action: 'escalation_policy.delete',
    },
    { op: 'DELETE /alert-channels/{id}', path: `/alert-channels/${channel.id}`, action: 'channel.delete' },
    { op: 'DELETE /monitors/{id}', path: `/monitors/${monitor.id}`, action: 'monitor.delete' },
    // An import records each creation as its own event: one monitor here.
    {
      op: 'POST /imports/{source}',
      path: '/imports/kuma',
      body: {
        file: {
          monitorList: [{ id: 1, name: 'Imported', type: 'http', url: 'https://imported.example.com' }],
        },
      },
      action: 'monitor.create',
    },
    {
      op: 'POST /imports/kuma-db',
      path: '/imports/kuma-db',
      bytes: oneMonitorKumaDb(),
      action: 'monitor.create',
    },
    // Applying a file records each change as its own event, as the service making it does.
    {
      op: 'POST /config/apply',
      path: '/config/apply',
      body: { config: { monitors: { docs: { name: 'Docs', url: 'https://docs.example.com' } } } },
      action: 'monitor.create',
    },
    // A workspace's own life: its creation is its first event, its deletion the deleter's.
    { op: 'POST /workspaces', body: { name: 'Agency' }, action: 'workspace.create' },
    { op: 'DELETE /workspace', body: { name: 'Agency' }, action: 'workspace.delete' },
    {
      op: 'POST /workspace/transfer',
      before: async () => {
        const bureau = await post('/workspaces', { name: 'Bureau' });
        await joinWorkspace(app.t.database.db, app.t.database.dialect, bureau.id, colleague.id, 'admin');
        app.clock.advance(1000);
      },
      body: { userId: colleague.id },
      action: 'workspace.transfer',
    },
  ];
  const setUp = [
    'POST /monitors',
    'POST /alert-channels',
    'POST /escalation-policies',
    'POST /incidents',
    'POST /incidents/{id}/notes',
    'POST /status-pages',
    'POST /performance/sites',
    'POST /maintenance-windows',
    'POST /maintenance-windows/{id}/updates',
    'POST /api-keys',
    'POST /workspace/invitations',
  ];

  return { setUp, steps, keyId: key.id };
}
