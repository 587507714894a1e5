// Turns what went wrong on the wire into one of the failure codes people read on the dashboard.
import { errorCode } from '../platform/net/target-errors.ts';
import type { Phase } from './phase-timer.ts';
import type { CheckFailure } from './types.ts';

const WHILE: Record<Phase, string> = {
  dns: 'resolving the name',
  connect: 'connecting',
  tls: 'in the TLS handshake',
  ttfb: 'waiting for the response',
  download: 'reading the response body',
};

const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'ENETDOWN',
  'EHOSTDOWN',
]);

const TLS_REASONS: Record<string, string> = {
  CERT_HAS_EXPIRED: 'the certificate has expired',
  CERT_NOT_YET_VALID: 'the certificate is not valid yet',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'the certificate is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'the certificate chain ends in an untrusted self-signed root',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'the certificate is not signed by a trusted authority',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'the certificate is not signed by a trusted authority',
  ERR_TLS_CERT_ALTNAME_INVALID: 'the certificate does not cover this host name',
  CERT_REVOKED: 'the certificate has been revoked',
};

export function timeoutFailure(timeoutMs: number, phase: Phase): CheckFailure {
  return { code: 'timeout', message: `No answer within ${formatMs(timeoutMs)} (timed out ${WHILE[phase]}).` };
}

/**
 * The failure for an error thrown by the guard, the connection or the HTTP client, or undefined when the
 * error is not a network condition at all (a bug), which the caller rethrows.
 */
export function failureOf(err: unknown, phase: Phase, where: string): CheckFailure | undefined {
  const code = errorCode(err);
  // No code, or a URL the API should never have accepted: a bug, not a fact about the target.
  if (!code || code === 'unsupported_url') return undefined;
  const message = err instanceof Error ? err.message : String(err);
  if (code === 'private_target' || code === 'dns_failed') return { code, message };
  if (UNREACHABLE.has(code)) {
    const reason = code === 'ECONNREFUSED' ? 'connection refused' : `${code}`;
    return { code: 'connection_refused', message: `Could not connect to ${where} (${reason}).` };
  }
  if (code === 'ECONNRESET' || code === 'EPIPE' || code.startsWith('UND_ERR_SOCKET')) {
    return {
      code: 'connection_reset',
      message: `The connection was closed by ${where} while ${WHILE[phase]}.`,
    };
  }
  if (phase === 'tls') {
    const reason = TLS_REASONS[code] ?? `${message} (${code})`;
    return { code: 'tls_error', message: `TLS failed for ${where}: ${reason}.` };
  }
  if (code.startsWith('HPE_')) {
    return { code: 'connection_reset', message: `${where} sent a malformed HTTP response (${code}).` };
  }
  return {
    code: 'connection_reset',
    message: `The request to ${where} failed while ${WHILE[phase]}: ${message}`,
  };
}

export function formatMs(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Number((ms / 1000).toFixed(1))} s`;
}
