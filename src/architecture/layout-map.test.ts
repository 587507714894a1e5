// The README's project layout lists every folder, one line each, and names none that is gone.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { REPO_ROOT } from './import-graph.ts';

/** The folders the map covers: the top-level ones, src/'s, and each part of the server and web app. */
const MAPPED_WITHIN = ['src/core', 'src/server', 'src/server/platform', 'src/server/app', 'src/web'];
const TOP_LEVEL = [
  'bin',
  'scripts',
  'e2e',
  'bench',
  'docs',
  'src/architecture',
  'src/core',
  'src/server',
  'src/web',
];

function foldersIn(dir: string): string[] {
  return readdirSync(path.join(REPO_ROOT, dir))
    .filter((name) => statSync(path.join(REPO_ROOT, dir, name)).isDirectory())
    .map((name) => `${dir}/${name}`);
}

function mappedFolders(readme: string): string[] {
  const section = readme.slice(readme.indexOf('## Project layout'));
  const block = section.slice(
    section.indexOf('```\n') + 4,
    section.indexOf('\n```', section.indexOf('```\n') + 4),
  );
  return block.split('\n').map((line) => (line.split(/\s+/)[0] ?? '').replace(/\/$/, ''));
}

it('maps every folder in the README, with one line each and none that is gone', () => {
  const readme = readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
  const mapped = mappedFolders(readme);
  // The server's own folder is described by its parts.
  const expected = new Set([
    ...TOP_LEVEL.filter((dir) => dir !== 'src/server'),
    ...MAPPED_WITHIN.flatMap(foldersIn),
  ]);
  expect([...new Set(mapped)].sort()).toEqual([...expected].sort());
  expect(mapped.length).toBe(new Set(mapped).size);
  for (const line of readme.slice(readme.indexOf('## Project layout')).split('\n')) {
    if (/^src\/\S+\/\s*$/.test(line)) throw new Error(`No description for ${line.trim()}`);
  }
});
