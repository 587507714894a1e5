// Domain expiry payloads: what RDAP says about the registrable domain a monitor watches.
import { z } from 'zod';

/** Days left at which a domain expiry warning goes out, each at most once per expiry date. */
export const DOMAIN_WARNING_DAYS = [30, 14, 7, 3, 1] as const;

export const DOMAIN_ERROR_CODES = [
  'no_rdap_server',
  'not_found',
  'no_expiration',
  'bad_response',
  'rdap_unavailable',
  'private_target',
  'dns_failed',
  'timeout',
] as const;
export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[number];

/** GET /api/v1/monitors/{id}/domain: the security tab's domain card. */
export const domainExpirySchema = z
  .object({
    /** The monitor's opt-in (on for new HTTP, TCP and DNS monitors). */
    enabled: z.boolean(),
    domain: z.string().nullable().meta({
      description: 'The registrable domain, e.g. example.co.uk; null for IP addresses and unknown suffixes',
    }),
    expiresAt: z.number().nullable(),
    /** Whole days until expiresAt, rounded down; negative once expired. */
    daysRemaining: z.number().nullable(),
    registrar: z.string().nullable(),
    /** When the domain was last looked up over RDAP (at most once a day). */
    checkedAt: z.number().nullable(),
    /** Set when the last lookup failed; expiresAt is then the last one known. */
    error: z.object({ code: z.string(), message: z.string() }).nullable(),
    nextCheckAt: z.number().nullable(),
  })
  .meta({ id: 'DomainExpiry' });
export type DomainExpiry = z.infer<typeof domainExpirySchema>;

/** The first warning's threshold: a list row shows the domain's badge from then on. */
export const DOMAIN_BADGE_DAYS = DOMAIN_WARNING_DAYS[0];

/** The list row's badge: days until the domain expires, once within DOMAIN_BADGE_DAYS. */
export const domainBadgeSchema = z
  .object({
    domain: z.string(),
    daysRemaining: z.number(),
    expiresAt: z.number(),
  })
  .meta({ id: 'DomainBadge' });
export type DomainBadge = z.infer<typeof domainBadgeSchema>;
