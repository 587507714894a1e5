// What a status page adds beyond its monitors (issue 20): its own hostname, who may see it, header
// links, a footer line and a favicon. Shared by the settings form and the API routes.
import { z } from 'zod';
import { httpUrlSchema } from './http-url.ts';
import { isIpLiteral } from './monitor-kinds/host.ts';

export const STATUS_PAGE_ACCESS = ['public', 'password', 'members'] as const;
export type StatusPageAccess = (typeof STATUS_PAGE_ACCESS)[number];

export const MAX_HEADER_LINKS = 5;
export const PAGE_PASSWORD_MIN = 8;

/** The TXT record proving a hostname is the page owner's: `_upwatch-challenge.<hostname>`. */
export const DOMAIN_CHALLENGE_PREFIX = '_upwatch-challenge';
export const domainChallengeName = (hostname: string) => `${DOMAIN_CHALLENGE_PREFIX}.${hostname}`;
export const domainChallengeValue = (token: string) => `upwatch-verification=${token}`;

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** `Status.Example.com.` → `status.example.com`: how hostnames are stored and compared. */
export function normalizeHostname(value: string): string {
  return value.trim().toLowerCase().replace(/\.$/, '');
}

export const customDomainSchema = z
  .string()
  .trim()
  .max(253, 'Hostnames are limited to 253 characters.')
  .transform(normalizeHostname)
  .refine(
    (name) =>
      !isIpLiteral(name) && name.split('.').length >= 2 && name.split('.').every((l) => LABEL.test(l)),
    'Enter a hostname such as status.example.com, without https:// or a path.',
  );

export const headerLinkSchema = z.object({
  label: z
    .string()
    .trim()
    .min(1, 'Give the link a label.')
    .max(40, 'Link labels are limited to 40 characters.'),
  url: httpUrlSchema,
});
export type HeaderLink = z.infer<typeof headerLinkSchema>;

export const statusPageExtraFields = {
  /** Null: the page lives at PUBLIC_URL/status/{slug} only. */
  customDomain: customDomainSchema.nullable(),
  access: z.enum(STATUS_PAGE_ACCESS).meta({
    description: 'public: anyone; password: a visitor enters the page password; members: signed-in members',
  }),
  /** Write-only; stored hashed. Required to make a page password-protected the first time. */
  password: z
    .string()
    .min(PAGE_PASSWORD_MIN, `Page passwords need at least ${PAGE_PASSWORD_MIN} characters.`)
    .max(128, 'Page passwords are limited to 128 characters.'),
  headerLinks: z
    .array(headerLinkSchema)
    .max(MAX_HEADER_LINKS, `A page shows at most ${MAX_HEADER_LINKS} header links.`),
  footerText: z.string().trim().max(200, 'The footer line is limited to 200 characters.').nullable(),
  faviconUrl: httpUrlSchema.nullable(),
};

export const customDomainStateSchema = z.object({
  hostname: z.string(),
  verified: z.boolean(),
  verifiedAt: z.number().nullable(),
  /** The last verification attempt and, when it failed, why. */
  checkedAt: z.number().nullable(),
  checkError: z.string().nullable(),
  /** The DNS records to create: the CNAME serves the page, the TXT record proves ownership. */
  records: z.object({
    cname: z.object({ name: z.string(), value: z.string() }),
    txt: z.object({ name: z.string(), value: z.string() }),
  }),
});
export type CustomDomainState = z.infer<typeof customDomainStateSchema>;

export const statusPageExtraOutput = {
  customDomain: customDomainStateSchema.nullable(),
  access: z.enum(STATUS_PAGE_ACCESS),
  /** A password is stored (it is never shown). */
  hasPassword: z.boolean(),
  headerLinks: z.array(headerLinkSchema),
  footerText: z.string().nullable(),
  faviconUrl: z.string().nullable(),
};
