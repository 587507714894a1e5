// ssl_checks rows to and from the API's SslCheck: JSON as text, booleans as 0/1.
import type { Certificate, ChainEntry, SslCheck, SslProblem } from '../../core/api/ssl.ts';
import type { SslCheckResult } from '../checks/ssl.ts';
import type { SslCheckTable } from '../platform/db/ssl-schema.ts';

export function toSslCheck(row: SslCheckTable): SslCheck {
  return {
    id: row.id,
    monitorId: row.monitor_id,
    checkedAt: row.checked_at,
    error: row.error_code ? { code: row.error_code, message: row.error_message ?? '' } : null,
    certificate: row.certificate ? (JSON.parse(row.certificate) as Certificate) : null,
    chain: JSON.parse(row.chain) as ChainEntry[],
    protocol: row.protocol,
    cipher: row.cipher,
    ocspStapled: row.ocsp_stapled === 1,
    chainComplete: row.chain_complete === 1,
    trusted: row.trusted === 1,
    hostnameMatch: row.hostname_match === 1,
    daysRemaining: row.days_remaining,
    problems: JSON.parse(row.problems) as SslProblem[],
  };
}

export function sslCheckRow(id: string, monitorId: string, result: SslCheckResult): SslCheckTable {
  return {
    id,
    monitor_id: monitorId,
    checked_at: result.startedAt,
    error_code: result.failure?.code ?? null,
    error_message: result.failure?.message ?? null,
    fingerprint_sha256: result.certificate?.fingerprintSha256 ?? null,
    certificate: result.certificate ? JSON.stringify(result.certificate) : null,
    chain: JSON.stringify(result.chain),
    protocol: result.protocol,
    cipher: result.cipher,
    ocsp_stapled: result.ocspStapled ? 1 : 0,
    chain_complete: result.chainComplete ? 1 : 0,
    trusted: result.trusted ? 1 : 0,
    hostname_match: result.hostnameMatch ? 1 : 0,
    days_remaining: result.daysRemaining,
    problems: JSON.stringify(result.problems),
  };
}
