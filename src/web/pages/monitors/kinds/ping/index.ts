// The ping kind in the web app: ICMP echo to a host, down when too many packets are lost.
import { Radio } from 'lucide-react';
import { formatMs } from '../../../../lib/format';
import { wholePart } from '../chart-parts';
import { defineKind } from '../types';
import { emptyPingState, pingPayload, pingStateFromMonitor } from './ping-form';
import { PingAdvanced, PingSection } from './ping-section';

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
  chartDescription: 'The average round-trip time of each check’s packets.',
  // The results carry only the average round trip: no minimum, maximum or loss to draw.
  chartParts: [wholePart('Round trip (avg)', '#10b981')],
  // The API keeps whole milliseconds, so a loopback's 0.05 ms round trip arrives as 0.
  formatLatency: (ms) => (ms === 0 ? '<1 ms' : formatMs(ms)),
  DetailPanel: null,
  tabs: ['deployments', 'security'],
});
