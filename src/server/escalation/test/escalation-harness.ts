// The outage harness (real checks, a loopback target, real SMTP, the ManualClock) with what
// escalation tests add: email channels and a policy made through the API, the escalation job
// run by hand, and the acknowledgement link read out of a received mail.

import { type OutageHarness, startOutageHarness } from '../../incidents/test/outage-harness.ts';
import { createLogger } from '../../platform/logger.ts';
import { escalateDue } from '../escalation-job.ts';

export const MINUTE = 60_000;

export async function startEscalationHarness() {
  const h: OutageHarness = await startOutageHarness({ plan: 'pro' });
  const { id: monitorId } = await h.monitor();
  const logger = createLogger('silent');
  const jobDeps = { db: h.app.db, clock: h.app.clock, logger, entitlements: h.app.entitlements };

  async function api<T>(method: string, path: string, body?: unknown, status = 200): Promise<T> {
    const response = await h.app.send(h.owner, method, path, body);
    if (response.status !== status)
      throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (status === 204 ? undefined : await response.json()) as T;
  }

  async function emailChannel(name: string, address: string): Promise<string> {
    return (
      await api<{ id: string }>('POST', '/alert-channels', { kind: 'email', name, config: { address } }, 201)
    ).id;
  }

  /** Checks until the monitor is down and its Down alert went out. */
  async function goDown() {
    for (let i = 0; i < 10; i++) await h.step();
    h.answer('error');
    for (let i = 0; i < 10 && (await h.incidents()).length === 0; i++) await h.step();
    await h.step();
    const [incident] = await h.incidents();
    if (!incident) throw new Error('no incident opened');
    return incident;
  }

  /** Moves the clock and runs the escalation job (as one worker would) and the deliveries. */
  async function advance(ms: number) {
    h.app.clock.advance(ms);
    const result = await escalateDue(jobDeps, h.app.clock.now());
    await h.app.deliver();
    return result;
  }

  const mailsTo = (address: string) => h.sink.mails.filter((mail) => mail.to.includes(address));

  /** The acknowledgement link of the latest mail to `address`, as its plain text gives it. */
  function ackLinkIn(address: string): string {
    const text = mailsTo(address).at(-1)?.text ?? '';
    const link = /^Acknowledge: (\S+)$/m.exec(text)?.[1];
    if (!link) throw new Error(`no acknowledgement link in the latest mail to ${address}:\n${text}`);
    return link;
  }

  /** GET or POST the link's path on the app, as a browser would (no session). */
  function openLink(link: string, method: 'GET' | 'POST' = 'GET') {
    return h.app.request(new URL(link).pathname, { method });
  }

  const incident = async () =>
    h.app.db.selectFrom('incidents').selectAll().orderBy('started_at', 'desc').executeTakeFirstOrThrow();

  const timeline = async (incidentId: string) =>
    h.app.db
      .selectFrom('incident_events')
      .select(['kind', 'message', 'actor_id'])
      .where('incident_id', '=', incidentId)
      .orderBy('at')
      .orderBy('id')
      .execute();

  return {
    h,
    monitorId,
    jobDeps,
    api,
    emailChannel,
    goDown,
    advance,
    mailsTo,
    ackLinkIn,
    openLink,
    incident,
    timeline,
    close: () => h.close(),
  };
}

export type EscalationHarness = Awaited<ReturnType<typeof startEscalationHarness>>;
