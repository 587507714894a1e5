// The dns kind: a record that resolves, optionally to expected values, from a chosen resolver.
import { z } from 'zod';
import { hostSchema, isIpLiteral } from './host.ts';

export const DNS_RECORD_TYPES = ['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'NS', 'SOA', 'CAA', 'SRV'] as const;
export type DnsRecordType = (typeof DNS_RECORD_TYPES)[number];
export const DNS_MATCHES = ['resolves', 'any', 'all', 'none'] as const;
export type DnsMatch = (typeof DNS_MATCHES)[number];

/** A resolver is an IP address, optionally with a port: 1.1.1.1, 1.1.1.1:5353, [2606:4700::1111]:53. */
export function parseResolver(value: string): { address: string; port: number } | null {
  const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(value);
  const plain = /^([^:]+):(\d{1,5})$/.exec(value);
  const [address, port] = bracketed
    ? [bracketed[1], bracketed[2]]
    : plain
      ? [plain[1], plain[2]]
      : [value, undefined];
  if (!address || !isIpLiteral(address)) return null;
  const number = port === undefined ? 53 : Number(port);
  return number >= 1 && number <= 65_535 ? { address, port: number } : null;
}

const resolverSchema = z
  .string()
  .trim()
  .refine(
    (value) => parseResolver(value) !== null,
    'Enter the resolver as an IP address, e.g. 1.1.1.1 or 1.1.1.1:53.',
  );

export const dnsFields = {
  hostname: hostSchema,
  recordType: z.enum(DNS_RECORD_TYPES),
  resolver: resolverSchema.nullable().meta({ description: 'Null: the system resolver' }),
  match: z
    .enum(DNS_MATCHES)
    .meta({ description: 'resolves: any answer; any/all/none: of the expected values' }),
  expected: z.array(z.string().trim().min(1).max(1024)).max(50, 'At most 50 expected values.'),
};

export const dnsInputFields = {
  kind: z.literal('dns'),
  hostname: dnsFields.hostname,
  recordType: dnsFields.recordType.default('A'),
  resolver: dnsFields.resolver.default(null),
  match: dnsFields.match.default('resolves'),
  expected: dnsFields.expected.default([]),
};

export const dnsAnswerFields = {
  kind: z.literal('dns'),
  hostname: z.string(),
  recordType: z.enum(DNS_RECORD_TYPES),
  resolver: z.string().nullable(),
  match: z.enum(DNS_MATCHES),
  expected: z.array(z.string()),
};
