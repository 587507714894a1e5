// One ping as it arrived from a job: what receiving (receive-ping.ts) judges and the ping log
// (ping-log.ts) keeps. Its own module, so those two do not import each other.
import type { HeartbeatPingTable } from '../platform/db/heartbeat-schema.ts';

export interface Ping {
  token: string;
  kind: HeartbeatPingTable['kind'];
  exitStatus: number | null;
  rid: string | null;
  sourceAddress: string | null;
  userAgent: string | null;
  body: string | null;
  bodyTruncated: boolean;
}
