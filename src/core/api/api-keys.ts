// API key payloads: one schema validates the settings form and the /api/v1/api-keys route.
import { z } from 'zod';

/** Every key starts with this, so a leaked key is recognisable in logs and secret scanners. */
export const API_KEY_PREFIX = 'uw_live_';
/** How much of a key is kept in clear and shown in the list: the prefix and four more characters. */
export const API_KEY_VISIBLE_CHARS = API_KEY_PREFIX.length + 4;
/** Requests one key may make per minute before 429 rate_limited (issue 10). */
export const API_KEY_REQUESTS_PER_MINUTE = 120;

/** The expiry choices of the create form; 'date' takes `expiresAt`. */
export const API_KEY_EXPIRY_CHOICES = ['never', '30', '90', '365', 'date'] as const;
export type ApiKeyExpiryChoice = (typeof API_KEY_EXPIRY_CHOICES)[number];

/** What a key may do in its workspace: a viewer key only reads. */
export const API_KEY_ROLES = ['member', 'viewer'] as const;
export type ApiKeyRole = (typeof API_KEY_ROLES)[number];

export const apiKeyInputSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'Give the key a name.')
      .max(100, 'Names are limited to 100 characters.')
      .meta({ example: 'GitHub Actions' }),
    expiresAt: z
      .number()
      .int('Choose an expiry date.')
      .positive('Choose an expiry date.')
      .nullable()
      .default(null)
      .meta({ description: 'Epoch milliseconds; null for a key that never expires', example: null }),
    role: z
      .enum(API_KEY_ROLES)
      .default('member')
      .meta({ description: 'member reads and writes; viewer only reads' }),
  })
  .meta({ id: 'ApiKeyInput' });
export type ApiKeyInput = z.input<typeof apiKeyInputSchema>;
export type NewApiKey = z.output<typeof apiKeyInputSchema>;

export const apiKeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    role: z.enum(API_KEY_ROLES),
    createdBy: z.string().nullable().meta({ description: "The maker's name; null once they left" }),
    owner: z.object({ userId: z.string(), name: z.string() }).nullable().meta({
      description:
        "The person the key acts as (its maker, or the workspace's owner once the maker's account is gone, or after a hand-over): it never has more rights than they have now",
    }),
    ownerKey: z.boolean().meta({
      description: "Made by the workspace's owner: only the owner may revoke it, so no one can lock them out",
    }),
    prefix: z
      .string()
      .meta({ description: 'The first characters of the key, to recognise it', example: 'uw_live_Ab3x' }),
    createdAt: z.number().int(),
    lastUsedAt: z.number().int().nullable().meta({ description: 'Updated at most once a minute per key' }),
    expiresAt: z.number().int().nullable(),
  })
  .meta({ id: 'ApiKey' });
export type ApiKey = z.infer<typeof apiKeySchema>;

export const createdApiKeySchema = apiKeySchema
  .extend({ key: z.string().meta({ description: 'The full key: shown this once, never again' }) })
  .meta({ id: 'CreatedApiKey' });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeyListSchema = z.object({ keys: z.array(apiKeySchema) }).meta({ id: 'ApiKeyList' });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

const DAY_MS = 86_400_000;

/** The expiry a form choice means at `now`: null for never, end of the chosen day for a date. */
export function expiryFor(choice: ApiKeyExpiryChoice, now: number, date?: string): number | null {
  if (choice === 'never') return null;
  if (choice === 'date') return date ? new Date(`${date}T23:59:59`).getTime() : Number.NaN;
  return now + Number(choice) * DAY_MS;
}
