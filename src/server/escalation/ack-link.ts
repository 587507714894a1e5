// Acknowledging with the link in an alert: no sign-in, the token's signature is the authority.
// Reading the link changes nothing (mail scanners fetch links); acknowledging is a POST, and a
// second one finds the incident already acknowledged and sends nothing.
import type { Kysely } from 'kysely';
import { CHANNEL_LABELS } from '../../core/api/alerts.ts';
import { type AckClaim, readAckToken } from '../alerts/ack-token.ts';
import { type Acknowledger, acknowledgeIncident } from '../incidents/acknowledge.ts';
import type { IncidentGate } from '../incidents/gate.ts';
import type { Clock } from '../platform/clock.ts';
import type { IncidentTable } from '../platform/db/incident-schema.ts';
import type { Database } from '../platform/db/schema.ts';
import { ApiError } from '../platform/http/errors.ts';

export type AckLinkState =
  | { state: 'invalid' | 'expired' | 'gone' | 'not_in_plan' }
  | {
      state: 'open' | 'acknowledged' | 'resolved';
      incident: IncidentTable;
      monitorName: string | null;
    };

export function createAckLinkService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  secret: string;
  requireManagement: IncidentGate;
}) {
  const { db, clock, secret, requireManagement } = deps;

  /** 'someone using the link in the alert to Slack “#ops”'. */
  async function linkHolder(claim: AckClaim, workspaceId: string): Promise<string> {
    if (claim.channelId === null) return 'someone using the link in the alert to the account email';
    const channel = await db
      .selectFrom('alert_channels')
      .select(['kind', 'name'])
      .where('id', '=', claim.channelId)
      .where('workspace_id', '=', workspaceId)
      .executeTakeFirst();
    const to = channel ? `${CHANNEL_LABELS[channel.kind]} “${channel.name}”` : 'a channel deleted since';
    return `someone using the link in the alert to ${to}`;
  }

  async function read(token: string): Promise<AckLinkState & { claim?: AckClaim }> {
    const reading = readAckToken(secret, token, clock.now());
    if (!reading.ok) return { state: reading.reason };
    const incident = await db
      .selectFrom('incidents')
      .selectAll()
      .where('id', '=', reading.claim.incidentId)
      .executeTakeFirst();
    if (!incident) return { state: 'gone' };
    try {
      await requireManagement(incident.workspace_id);
    } catch (err) {
      if (err instanceof ApiError) return { state: 'not_in_plan' };
      throw err;
    }
    const monitor = incident.primary_monitor_id
      ? await db
          .selectFrom('monitors')
          .select('name')
          .where('id', '=', incident.primary_monitor_id)
          .where('workspace_id', '=', incident.workspace_id)
          .executeTakeFirst()
      : undefined;
    const state =
      incident.resolved_at !== null
        ? 'resolved'
        : incident.acknowledged_at !== null
          ? 'acknowledged'
          : 'open';
    return { state, incident, monitorName: monitor?.name ?? null, claim: reading.claim };
  }

  return {
    read,

    /** The state after the attempt, and whether this request was the one that acknowledged. */
    async acknowledge(token: string): Promise<{ result: AckLinkState; acknowledged: boolean }> {
      const before = await read(token);
      if (before.state !== 'open' || !before.claim) return { result: before, acknowledged: false };
      const by: Acknowledger = {
        actorId: null,
        via: 'link',
        label: await linkHolder(before.claim, before.incident.workspace_id),
      };
      const acknowledged = await db
        .transaction()
        .execute((tx) => acknowledgeIncident(tx, before.incident, clock.now(), by));
      return { result: await read(token), acknowledged };
    },
  };
}

export type AckLinkService = ReturnType<typeof createAckLinkService>;
