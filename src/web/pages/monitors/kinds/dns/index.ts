// The dns kind in the web app: a name's records of one type, optionally matching expected values.
import { DNS_COLOR, wholePart } from '../chart-parts';
import { defineKind } from '../types';
import { dnsPayload, dnsStateFromMonitor, emptyDnsState } from './dns-form';
import { DnsPanel } from './dns-panel';
import { DnsSection } from './dns-section';
import { dnsFace } from './face';

export const dnsKindUi = defineKind({
  ...dnsFace,
  emptyState: emptyDnsState,
  stateFromMonitor: dnsStateFromMonitor,
  payloadOf: dnsPayload,
  // Only the resolver is an address Upwatch connects to.
  targetField: 'resolver',
  Section: DnsSection,
  advanced: null,
  chartDescription: 'How long the latest lookups took.',
  // A DNS check is one lookup: all of its time is DNS.
  chartParts: [wholePart('Lookup', DNS_COLOR)],
  noStatusCode: true,
  DetailPanel: DnsPanel,
  noCertificate:
    'A DNS lookup has no TLS certificate; only its domain’s expiry applies, watched with “Domain expiry warnings” in Settings.',
});
