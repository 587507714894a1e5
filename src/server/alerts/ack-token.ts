// The one-click acknowledgement link every Down and escalation alert carries:
// PUBLIC_URL/ack/{token}, the token naming the incident, the channel the alert went to (so the
// timeline can say whose link it was) and when the link stops working, signed with SECRET_KEY.
import { FEATURE_IDS } from '../../core/plans.ts';
import type { EntitlementsHelper } from '../billing/plan-summary.ts';
import type { Clock } from '../platform/clock.ts';
import { signToken, verifyToken } from '../platform/signed-token.ts';

const PURPOSE = 'incident-acknowledge';
/** Long enough for an outage over a long weekend; an escalation sends fresh links meanwhile. */
export const ACK_LINK_LIFETIME_MS = 7 * 86_400_000;

export interface AckClaim {
  incidentId: string;
  /** The channel the alert went to; null for the account email. */
  channelId: string | null;
  expiresAt: number;
}

export function signAckToken(secret: string, claim: AckClaim): string {
  return signToken(secret, PURPOSE, JSON.stringify([claim.incidentId, claim.channelId, claim.expiresAt]));
}

export type AckTokenReading = { ok: true; claim: AckClaim } | { ok: false; reason: 'invalid' | 'expired' };

export function readAckToken(secret: string, token: string, now: number): AckTokenReading {
  const payload = verifyToken(secret, PURPOSE, token);
  if (payload === null) return { ok: false, reason: 'invalid' };
  const [incidentId, channelId, expiresAt] = JSON.parse(payload) as [string, string | null, number];
  if (expiresAt <= now) return { ok: false, reason: 'expired' };
  return { ok: true, claim: { incidentId, channelId, expiresAt } };
}

export interface AcknowledgeLinkRequest {
  workspaceId: string;
  incidentId: string;
  channelId: string | null;
}

/**
 * Signs the link for one alert when the workspace may acknowledge (incident management); a
 * workspace without it gets alerts without the link rather than a link that refuses.
 */
export function createAcknowledgeLinks(deps: {
  secret: string;
  publicUrl: string;
  clock: Clock;
  entitlements: Pick<EntitlementsHelper, 'check'>;
}) {
  return async ({ workspaceId, incidentId, channelId }: AcknowledgeLinkRequest): Promise<string | null> => {
    if (!(await deps.entitlements.check(workspaceId, FEATURE_IDS.incidentManagement))) return null;
    const expiresAt = deps.clock.now() + ACK_LINK_LIFETIME_MS;
    return `${deps.publicUrl}/ack/${signAckToken(deps.secret, { incidentId, channelId, expiresAt })}`;
  };
}
