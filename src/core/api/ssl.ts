// Certificate check payloads: what the TLS runner found, shared by the security tab and the API.
import { z } from 'zod';

export const SSL_PROBLEM_CODES = [
  'expired',
  'not_yet_valid',
  'self_signed',
  'untrusted_root',
  'incomplete_chain',
  'hostname_mismatch',
  'weak_protocol',
  'weak_key',
] as const;
export type SslProblemCode = (typeof SSL_PROBLEM_CODES)[number];

/** Days left at which an expiry warning goes out, each at most once per certificate. */
export const SSL_WARNING_DAYS = [30, 14, 7, 3, 1] as const;

export const sslProblemSchema = z
  .object({
    code: z.enum(SSL_PROBLEM_CODES),
    /** What is wrong, e.g. "The certificate expired on Mar 3, 2026." */
    message: z.string(),
    /** What to do about it, e.g. "Renew the certificate and deploy it with its intermediates." */
    remedy: z.string(),
  })
  .meta({ id: 'SslProblem' });
export type SslProblem = z.infer<typeof sslProblemSchema>;

export const certificateSchema = z
  .object({
    subjectCn: z.string().nullable(),
    subjectAltNames: z
      .array(z.string())
      .meta({ description: 'DNS names and IP addresses, e.g. "example.com"' }),
    /** The issuer's display name: its CN, else its O. */
    issuer: z.string(),
    issuerOrganization: z.string().nullable(),
    serialNumber: z.string(),
    fingerprintSha256: z.string().meta({ description: 'Colon-separated upper-case hex, as Node prints it' }),
    validFrom: z.number(),
    validTo: z.number(),
    keyType: z.string().nullable().meta({ description: 'RSA, EC or Ed25519' }),
    keyBits: z.number().nullable(),
    signatureAlgorithm: z.string().nullable(),
  })
  .meta({ id: 'Certificate' });
export type Certificate = z.infer<typeof certificateSchema>;

export const chainEntrySchema = z
  .object({
    subject: z.string(),
    issuer: z.string(),
    validTo: z.number(),
    fingerprintSha256: z.string(),
    selfSigned: z.boolean(),
  })
  .meta({ id: 'CertificateChainEntry' });
export type ChainEntry = z.infer<typeof chainEntrySchema>;

export const sslCheckSchema = z
  .object({
    id: z.string(),
    monitorId: z.string(),
    checkedAt: z.number(),
    /** Set when no certificate could be read at all (refused, timeout, not TLS); then certificate is null. */
    error: z.object({ code: z.string(), message: z.string() }).nullable(),
    certificate: certificateSchema.nullable(),
    /** Leaf first, as the server sent it. */
    chain: z.array(chainEntrySchema),
    protocol: z.string().nullable().meta({ description: 'e.g. TLSv1.3' }),
    cipher: z.string().nullable(),
    ocspStapled: z.boolean(),
    chainComplete: z.boolean(),
    trusted: z.boolean(),
    hostnameMatch: z.boolean(),
    /** Whole days until validTo, rounded down; negative once expired. */
    daysRemaining: z.number().nullable(),
    problems: z.array(sslProblemSchema),
  })
  .meta({ id: 'SslCheck' });
export type SslCheck = z.infer<typeof sslCheckSchema>;

/** One certificate as the monitor has served it over time, newest first in the history. */
export const certificateChangeSchema = z
  .object({
    fingerprintSha256: z.string(),
    subjectCn: z.string().nullable(),
    issuer: z.string(),
    validFrom: z.number(),
    validTo: z.number(),
    firstSeenAt: z.number(),
    lastSeenAt: z.number(),
  })
  .meta({ id: 'CertificateChange' });
export type CertificateChange = z.infer<typeof certificateChangeSchema>;

/** GET /api/v1/monitors/{id}/ssl: the security tab's data. */
export const sslOverviewSchema = z
  .object({
    /** False for http:// monitors: they have no certificate to watch. */
    applicable: z.boolean(),
    current: sslCheckSchema.nullable(),
    certificates: z.array(certificateChangeSchema),
    nextCheckAt: z.number().nullable(),
  })
  .meta({ id: 'SslOverview' });
export type SslOverview = z.infer<typeof sslOverviewSchema>;

/** The dashboard list's certificate badge: present on https monitors once checked. */
export const sslBadgeSchema = z
  .object({
    daysRemaining: z.number(),
    validTo: z.number(),
    problemCount: z.number(),
  })
  .meta({ id: 'SslBadge' });
export type SslBadge = z.infer<typeof sslBadgeSchema>;
