// The ping kind: ICMP echo to a host, down when too many packets are lost.
import { z } from 'zod';
import { hostSchema } from './host.ts';

export const MAX_PING_PACKETS = 10;

export const pingFields = {
  host: hostSchema,
  packets: z
    .number()
    .int()
    .min(1, 'Send at least 1 packet.')
    .max(MAX_PING_PACKETS, `Send at most ${MAX_PING_PACKETS} packets.`),
  lossThresholdPercent: z
    .number()
    .int()
    .min(1, 'The loss threshold runs from 1 to 100 %.')
    .max(100, 'The loss threshold runs from 1 to 100 %.')
    .meta({ description: 'Down when at least this share of packets is lost (100: all of them)' }),
};

export const pingInputFields = {
  kind: z.literal('ping'),
  host: pingFields.host,
  packets: pingFields.packets.default(3),
  lossThresholdPercent: pingFields.lossThresholdPercent.default(100),
};

export const pingAnswerFields = {
  kind: z.literal('ping'),
  host: z.string(),
  packets: z.number(),
  lossThresholdPercent: z.number(),
};
