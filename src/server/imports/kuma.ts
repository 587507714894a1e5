// Uptime Kuma 1.x backups (Settings → Backup → Export): `{ version, notificationList, monitorList }`,
// where each monitor is Kuma's Monitor#toJSON() and each notification a row whose `config` is
// JSON text with a `type` and that provider's fields. A 2.x kuma.db is read into the same shape
// (kuma-db.ts), so both go through one mapping. See fixtures/README.md for the fields read.
import { z } from 'zod';
import { type Candidates, fileJson, readFormat } from './candidates.ts';
import { kumaChannelCandidates } from './kuma-channels.ts';
import { kumaMonitorCandidate, kumaMonitorSchema } from './kuma-monitors.ts';

const LABEL = 'Uptime Kuma backup';
const id = z.union([z.number(), z.string()]).transform(String);

export const kumaBackupSchema = z.looseObject({
  version: z.string().optional(),
  notificationList: z
    .array(z.looseObject({ id, name: z.string().nullish(), config: z.string() }))
    .default([]),
  monitorList: z.array(kumaMonitorSchema),
});
export type KumaBackup = z.infer<typeof kumaBackupSchema>;

/** What a backup (or a kuma.db read into its shape) becomes: channels, monitors and skips. */
export function kumaBackupCandidates(backup: KumaBackup): Candidates {
  const result: Candidates = { monitors: [], channels: [], skipped: [] };
  for (const notification of backup.notificationList) {
    const candidates = kumaChannelCandidates(notification);
    if (typeof candidates === 'string') {
      result.skipped.push({
        type: 'channel',
        name: notification.name ?? notification.id,
        reason: candidates,
        ref: notification.id,
      });
    } else result.channels.push(...candidates);
  }
  for (const monitor of backup.monitorList) {
    const candidate = kumaMonitorCandidate(monitor);
    if (typeof candidate === 'string')
      result.skipped.push({ type: 'monitor', name: monitor.name, reason: candidate });
    else result.monitors.push(candidate);
  }
  return result;
}

export function kumaCandidates(file: string | Record<string, unknown>): Candidates {
  return kumaBackupCandidates(readFormat(kumaBackupSchema, fileJson(file, LABEL), LABEL));
}
