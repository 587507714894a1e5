// The tcp kind in the web app: a port that accepts connections, optionally over TLS and answering.
import { phasePart } from '../chart-parts';
import { defineKind } from '../types';
import { tcpFace } from './face';
import { emptyTcpState, tcpPayload, tcpStateFromMonitor } from './tcp-form';
import { TcpPanel } from './tcp-panel';
import { TcpAdvanced, TcpSection } from './tcp-section';

export const tcpKindUi = defineKind({
  ...tcpFace,
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
  noCertificate:
    'This monitor connects without TLS, so there is no certificate. Turn on “Connect over TLS” in Settings to watch the certificate’s expiry, chain and hostname.',
});
