// package.json's engines line holds for what Upwatch runs on: every runtime dependency in the
// lockfile accepts the oldest Node it promises, so `npm ci` on that Node warns of none of them
// (test-only tools belong in devDependencies).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => JSON.parse(readFileSync(path.join(ROOT, file), 'utf8'));
const promised: string = read('package.json').engines.node;
const oldest = semver.minVersion(promised)?.version ?? '';

interface Locked {
  version?: string;
  dev?: boolean;
  engines?: Record<string, string> | string[];
}

/** Packages of the lockfile whose own engines refuse the oldest promised Node, as name@version needs. */
function refusing(include: (entry: Locked) => boolean): string[] {
  const packages: Record<string, Locked> = read('package-lock.json').packages;
  return Object.entries(packages)
    .filter(([key, entry]) => key !== '' && include(entry))
    .flatMap(([key, entry]) => {
      const node = entry.engines && !Array.isArray(entry.engines) ? entry.engines.node : undefined;
      if (!node || semver.satisfies(oldest, node)) return [];
      return [
        `${key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length)}@${entry.version} needs ${node}`,
      ];
    });
}

describe(`the engines line (node ${promised})`, () => {
  it('names a version', () => {
    expect(oldest).toBe('20.19.0');
  });

  it('holds for every runtime dependency', () => {
    expect(refusing((entry) => !entry.dev)).toEqual([]);
  });
});
