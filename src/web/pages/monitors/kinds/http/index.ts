// The http kind in the web app: a URL requested like a browser would, with a timing breakdown.
import { phasePart, remainderPart } from '../chart-parts';
import { defineKind } from '../types';
import { assertionMessage } from './assertions-editor';
import { httpFace } from './face';
import { HttpAdvanced } from './http-advanced';
import { emptyHttpState, httpErrorField, httpPayload, httpStateFromMonitor } from './http-form';
import { HttpSection } from './http-section';

const PHASES = [
  phasePart('dnsMs', 'DNS'),
  phasePart('connectMs', 'Connect'),
  phasePart('tlsMs', 'TLS'),
  phasePart('ttfbMs', 'Time to first byte'),
  phasePart('downloadMs', 'Download'),
];

export const httpKindUi = defineKind({
  ...httpFace,
  emptyState: emptyHttpState,
  stateFromMonitor: httpStateFromMonitor,
  payloadOf: httpPayload,
  errorFieldOf: httpErrorField,
  errorMessage: (path, message) => (path[0] === 'assertions' ? assertionMessage(path, message) : message),
  targetField: 'url',
  Section: HttpSection,
  advanced: {
    Section: HttpAdvanced,
    summary: 'Method, headers, body, expected status, keyword, assertions, redirects, TLS',
    fields: [
      'method',
      'headers',
      'body',
      'expectedStatus',
      'keyword',
      'assertions',
      'followRedirects',
      'ignoreTlsErrors',
    ],
  },
  chartDescription: 'The latest checks, split into DNS, connect, TLS, time to first byte and download.',
  chartParts: [...PHASES, remainderPart(PHASES)],
  // The overview's chart, uptime and recent checks already tell an HTTP monitor's story.
  DetailPanel: null,
  noCertificate:
    "This monitor uses plain http://, which has no TLS certificate. Change its URL to https:// in Settings to watch the certificate's expiry, chain and hostname.",
});
