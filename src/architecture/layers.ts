// The layers of the source tree and what each may import. The server is a floor (platform/:
// database, network, events, mail, config, HTTP plumbing, the job loop), feature slices on it,
// and a roof (app/: start-up, the CLI, the assembled HTTP app) that nothing imports.
import type { ImportEdge } from './import-graph.ts';

export interface LayerRule {
  /** Files the rule is about: importers, or (with `imported`) the imported ones. */
  files: string;
  imported?: true;
  /** Where those files may import from (or be imported from), by path prefix. */
  allowed: string[];
  why: string;
}

export const LAYER_RULES: LayerRule[] = [
  {
    files: 'src/server/platform/',
    allowed: ['src/server/platform/', 'src/core/'],
    why: 'the floor (platform/) imports only core/ and platform/',
  },
  {
    files: 'src/server/app/',
    imported: true,
    allowed: ['src/server/app/'],
    why: 'nothing imports the roof (app/)',
  },
  {
    files: 'src/server/',
    allowed: ['src/server/', 'src/core/'],
    why: 'the server imports only server/ and core/',
  },
  {
    files: 'src/web/',
    allowed: ['src/web/', 'src/core/'],
    why: 'web/ imports only web/ and core/',
  },
  {
    files: 'src/core/',
    allowed: ['src/core/'],
    why: 'core/ imports nothing outside itself',
  },
];

/** One line per import that breaks a rule: "a.ts imports b.ts: why". */
export function layerViolations(edges: ImportEdge[], rules: LayerRule[] = LAYER_RULES): string[] {
  const found: string[] = [];
  for (const { from, to } of edges) {
    for (const rule of rules) {
      const [subject, other] = rule.imported ? [to, from] : [from, to];
      if (!subject.startsWith(rule.files)) continue;
      if (!rule.allowed.some((prefix) => other.startsWith(prefix)))
        found.push(`${from} imports ${to}: ${rule.why}`);
    }
  }
  return found;
}

/** The folder a server file belongs to: a slice (`alerts`), or a floor or roof part (`platform/db`). */
export function serverFolder(file: string): string {
  const parts = file.replace(/^src\/server\//, '').split('/');
  if ((parts[0] === 'platform' || parts[0] === 'app') && parts.length > 2) return `${parts[0]}/${parts[1]}`;
  return parts.length > 1 ? (parts[0] ?? '') : '(root)';
}

/** Pairs of server folders that import each other, as "a <-> b". */
export function mutualFolders(edges: ImportEdge[]): string[] {
  const reaches = new Set<string>();
  for (const { from, to } of edges) {
    const [a, b] = [serverFolder(from), serverFolder(to)];
    if (a !== b) reaches.add(`${a}\n${b}`);
  }
  return [...reaches]
    .map((pair) => pair.split('\n') as [string, string])
    .filter(([a, b]) => a < b && reaches.has(`${b}\n${a}`))
    .map(([a, b]) => `${a} <-> ${b}`)
    .sort();
}
