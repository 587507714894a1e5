// The structure kept true (issue 41): what each layer may import, and no import cycles in the
// server. Test files and test helpers are not read, except the floor's own tests.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  cycles,
  type ImportEdge,
  importsOf,
  REPO_ROOT,
  readImportGraph,
  sourceFiles,
} from './import-graph.ts';
import { layerViolations } from './layers.ts';

const graph = readImportGraph(['src/server', 'src/core', 'src/web']);
const edge = (from: string, to: string): ImportEdge => ({ from, to, typeOnly: false });
/** Tests of the floor that reach a slice belong with the app (app/) or with that slice. */
const platformTestFiles = () => sourceFiles('src/server/platform').filter((file) => /\.test\.ts$/.test(file));

describe('the source tree', () => {
  it('is read whole: static, type-only and lazy imports of the server and the web app', () => {
    expect(graph.length).toBeGreaterThan(1500);
    expect(graph).toContainEqual({
      from: 'src/server/app/http/app.ts',
      to: 'src/server/platform/http/errors.ts',
      typeOnly: false,
    });
    expect(graph).toContainEqual({
      from: 'src/server/app/http/app.ts',
      to: 'src/server/platform/http/caller.ts',
      typeOnly: true,
    });
    // The web app imports without extensions and lazily (React.lazy).
    expect(graph.some((e) => e.from.startsWith('src/web/') && e.to.endsWith('.tsx'))).toBe(true);
  });

  it('keeps every layer to what it may import', () => {
    expect(layerViolations(graph)).toEqual([]);
  });

  it("keeps the floor's own tests to the floor, core and the shared test helpers", () => {
    const reach = platformTestFiles().flatMap((file) =>
      importsOf(file, readFileSync(path.join(REPO_ROOT, file), 'utf8'))
        .filter(
          ({ to }) =>
            !['src/server/platform/', 'src/core/', 'src/server/test/'].some((p) => to.startsWith(p)),
        )
        .map(({ from, to }) => `${from} imports ${to}`),
    );
    expect(reach).toEqual([]);
  });

  it('has no import cycle in the server, counting type-only imports', () => {
    const server = graph.filter((e) => e.from.startsWith('src/server/') && e.to.startsWith('src/server/'));
    expect(cycles(server)).toEqual([]);
  });
});

describe('the rules', () => {
  it('name the import that breaks one, and why', () => {
    expect(
      layerViolations([
        edge('src/server/platform/config.ts', 'src/server/alerts/channel.ts'),
        edge('src/server/monitor-api/routes.ts', 'src/server/app/http/app.ts'),
        edge('src/web/pages/home.tsx', 'src/server/platform/config.ts'),
        edge('src/core/plans.ts', 'src/web/format.ts'),
        edge('src/server/monitor-api/routes.ts', 'src/server/platform/http/errors.ts'),
        edge('src/server/app/http/app.ts', 'src/server/monitor-api/routes.ts'),
      ]),
    ).toEqual([
      'src/server/platform/config.ts imports src/server/alerts/channel.ts: the floor (platform/) imports only core/ and platform/',
      'src/server/monitor-api/routes.ts imports src/server/app/http/app.ts: nothing imports the roof (app/)',
      'src/web/pages/home.tsx imports src/server/platform/config.ts: web/ imports only web/ and core/',
      'src/core/plans.ts imports src/web/format.ts: core/ imports nothing outside itself',
    ]);
  });

  it('find a cycle however long, and no cycle in a chain', () => {
    const a = 'src/server/a/x.ts';
    const b = 'src/server/b/y.ts';
    const c = 'src/server/c/z.ts';
    expect(cycles([edge(a, b), edge(b, c), edge(c, a)])).toEqual([[a, b, c]]);
    expect(cycles([edge(a, b), edge(b, c)])).toEqual([]);
  });

  it('read each form of import, and tell type-only ones apart', () => {
    const text = [
      "import { createApiRouter } from './api-router.ts';",
      "import type { AppEnv } from './caller.ts';",
      'import {',
      '  type ApiError,',
      '  type errorBody,',
      "} from './errors.ts';",
      "import { csrf, type Origins } from './csrf.ts';",
      "export { parseConfig } from '../config.ts';",
      "export type { Clock } from '../clock.ts';",
      "const lazy = () => import('../../app/http/spa.ts');",
      "let later: typeof import('./openapi.ts') | undefined;",
      "import { missing } from './no-such-file.ts';",
    ].join('\n');
    const dir = 'src/server/platform/http';
    expect(importsOf(`${dir}/probe.ts`, text)).toEqual([
      { from: `${dir}/probe.ts`, to: `${dir}/api-router.ts`, typeOnly: false },
      { from: `${dir}/probe.ts`, to: `${dir}/caller.ts`, typeOnly: true },
      { from: `${dir}/probe.ts`, to: `${dir}/errors.ts`, typeOnly: true },
      { from: `${dir}/probe.ts`, to: `${dir}/csrf.ts`, typeOnly: false },
      { from: `${dir}/probe.ts`, to: 'src/server/platform/config.ts', typeOnly: false },
      { from: `${dir}/probe.ts`, to: 'src/server/platform/clock.ts', typeOnly: true },
      { from: `${dir}/probe.ts`, to: 'src/server/app/http/spa.ts', typeOnly: false },
      { from: `${dir}/probe.ts`, to: `${dir}/openapi.ts`, typeOnly: true },
    ]);
  });
});
