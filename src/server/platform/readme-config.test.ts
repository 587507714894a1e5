// The README's configuration table is the operator's only list of settings: every variable
// config.ts reads must have its row there (the hosted alert providers' from their descriptors).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HOSTED_URLS } from '../../core/channels/registry.ts';

const root = new URL('../../../', import.meta.url);
const configSource = readFileSync(new URL('src/server/platform/config.ts', root), 'utf8');
const readme = readFileSync(new URL('README.md', root), 'utf8');

describe('README configuration table', () => {
  it('has a row naming every variable config.ts reads', () => {
    const schema = configSource.slice(
      configSource.indexOf('const envSchema'),
      configSource.indexOf('export type'),
    );
    const variables = [
      ...[...schema.matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((match) => match[1]),
      ...Object.values(HOSTED_URLS).map((setting) => setting.env),
    ];
    expect(variables.length).toBeGreaterThan(20);
    const section = readme.slice(
      readme.indexOf('## Configuration'),
      readme.indexOf('## Running on PostgreSQL'),
    );
    const rows = section.split('\n').filter((line) => line.startsWith('| `'));
    const named = new Set(
      rows.flatMap((row) => [...(row.split(' | ')[0] ?? '').matchAll(/`([A-Z0-9_]+)`/g)].map((m) => m[1])),
    );
    expect(variables.filter((variable) => !named.has(variable))).toEqual([]);
  });
});
