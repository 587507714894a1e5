// The tcp kind in the web app: a port that accepts connections, optionally over TLS and answering.
import { Network } from 'lucide-react';
import { phasePart } from '../chart-parts';
import { defineKind } from '../types';
import { emptyTcpState, tcpPayload, tcpStateFromMonitor } from './tcp-form';
import { TcpPanel } from './tcp-panel';
import { TcpAdvanced, TcpSection } from './tcp-section';

export const tcpKindUi = defineKind({
  kind: 'tcp',
  label: 'TCP',
  title: 'TCP port',
  description: 'A host accepts connections on a port, optionally over TLS and answering as expected.',
  icon: Network,
  emptyState: emptyTcpState,
  stateFromMonitor: tcpStateFromMonitor,
  payloadOf: tcpPayload,
  targetField: 'host',
  Section: TcpSection,
  advanced: { Section: TcpAdvanced, summary: 'Text to send and to expect', fields: ['send', 'expect'] },
  chartDescription: 'The latest checks, split into DNS, connect, TLS handshake and time to first byte.',
  chartParts: [
    phasePart('dnsMs', 'DNS'),
    phasePart('connectMs', 'Connect'),
    phasePart('tlsMs', 'TLS handshake'),
    phasePart('ttfbMs', 'First byte'),
  ],
  noStatusCode: true,
  DetailPanel: TcpPanel,
  tabs: ['deployments', 'security'],
  noCertificate:
    'This monitor connects without TLS, so there is no certificate. Turn on “Connect over TLS” in Settings to watch the certificate’s expiry, chain and hostname.',
});
