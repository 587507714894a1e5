// The ping kind in the web app: ICMP echo to a host, down when too many packets are lost.

import { defineKind } from '../types';
import { pingFace } from './face';
import { emptyPingState, pingPayload, pingStateFromMonitor } from './ping-form';
import { PingAdvanced, PingSection } from './ping-section';
import { averageRoundTrip, lossNote, PACKET_LOSS, ROUND_TRIP, ROUND_TRIP_SPREAD } from './round-trips';

export const pingKindUi = defineKind({
  ...pingFace,
  emptyState: emptyPingState,
  stateFromMonitor: pingStateFromMonitor,
  payloadOf: pingPayload,
  targetField: 'host',
  Section: PingSection,
  advanced: {
    Section: PingAdvanced,
    summary: 'Packets per check and the loss that counts as down',
    fields: ['packets', 'lossThresholdPercent'],
  },
  chartDescription:
    'Each check’s average round trip between its fastest and slowest packet, and the packets lost.',
  chartParts: [ROUND_TRIP],
  chartSpread: ROUND_TRIP_SPREAD,
  chartPercent: PACKET_LOSS,
  checkMs: averageRoundTrip,
  checkNote: lossNote,
  noStatusCode: true,
  DetailPanel: null,
  noCertificate:
    'A ping has no TLS certificate; only its domain’s expiry applies, watched with “Domain expiry warnings” in Settings.',
});
