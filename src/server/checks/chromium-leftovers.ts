// Each Chromium run leaves an empty /tmp/org.chromium.Chromium.* folder (ENVIRONMENT.md): the
// ones that appeared during a run are removed after it. rmdir only takes empty folders, so a
// folder another Chromium is still using is left alone.
import { readdir, rmdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

const PREFIX = 'org.chromium.Chromium.';

async function list(): Promise<Set<string>> {
  const names = await readdir(tmpdir()).catch(() => [] as string[]);
  return new Set(names.filter((name) => name.startsWith(PREFIX)));
}

export const snapshotLeftovers = list;

export async function removeNewLeftovers(before: ReadonlySet<string>): Promise<void> {
  for (const name of await list()) {
    if (before.has(name)) continue;
    await rmdir(path.join(tmpdir(), name)).catch(() => undefined);
  }
}
