// The ping kind in the web app: ICMP echo to a host, down when too many packets are lost.
import { Radio } from 'lucide-react';
import { formatMs } from '../../../../lib/format';
import { defineKind } from '../types';
import { emptyPingState, pingPayload, pingStateFromMonitor } from './ping-form';
import { PingAdvanced, PingSection } from './ping-section';
import { averageRoundTrip, lossNote, PACKET_LOSS, ROUND_TRIP, ROUND_TRIP_SPREAD } from './round-trips';

export const pingKindUi = defineKind({
  kind: 'ping',
  label: 'Ping',
  title: 'Ping (ICMP)',
  description: 'A host answers ICMP echo requests, without too much packet loss.',
  icon: Radio,
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
  // Uptime figures and the latest check's time are whole milliseconds, so a loopback's 0.05 ms
  // round trips arrive there as 0.
  formatLatency: (ms) => (ms === 0 ? '<1 ms' : formatMs(ms)),
  DetailPanel: null,
  tabs: ['deployments', 'security'],
  noCertificate:
    'A ping has no TLS certificate; only its domain’s expiry applies, watched with “Domain expiry warnings” in Settings.',
});
