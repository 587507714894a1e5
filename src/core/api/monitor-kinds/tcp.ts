// The tcp kind: a port that accepts connections, optionally over TLS, optionally answering.
import { z } from 'zod';
import { hostSchema } from './host.ts';

const MAX_PROBE_CHARS = 1024;

export const tcpFields = {
  host: hostSchema,
  port: z
    .number({ error: 'Enter a port number.' })
    .int('Ports are whole numbers.')
    .min(1, 'Ports run from 1 to 65535.')
    .max(65_535, 'Ports run from 1 to 65535.'),
  tls: z.boolean(),
  send: z.string().min(1).max(MAX_PROBE_CHARS, 'The text to send is limited to 1024 characters.').nullable(),
  expect: z
    .string()
    .min(1)
    .max(MAX_PROBE_CHARS, 'The expected text is limited to 1024 characters.')
    .nullable()
    .meta({ description: 'Text the first bytes the server sends must contain' }),
};

export const tcpInputFields = {
  kind: z.literal('tcp'),
  host: tcpFields.host,
  port: tcpFields.port,
  tls: tcpFields.tls.default(false),
  send: tcpFields.send.default(null),
  expect: tcpFields.expect.default(null),
};

export const tcpAnswerFields = {
  kind: z.literal('tcp'),
  host: z.string(),
  port: z.number(),
  tls: z.boolean(),
  send: z.string().nullable(),
  expect: z.string().nullable(),
};
