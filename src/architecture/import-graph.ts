// Reads the import graph of the source tree: which file imports which, and whether only for
// types. Biome formats every import the same way, so reading the statements is enough; no
// compiler is needed (TypeScript 7 has no JavaScript API to ask).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export interface ImportEdge {
  /** Paths relative to the repository root, with forward slashes. */
  from: string;
  to: string;
  /** `import type`, or every named binding marked `type`: gone once compiled. */
  typeOnly: boolean;
}

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

// Static `import … from`, `export … from` and side-effect imports, at a line's start; `[^'";]`
// keeps one statement from running into the next.
const STATIC = /^\s*(import|export)\s+(type\s+)?([^'";]*?\s+from\s+)?['"](\.{1,2}\/[^'"]+)['"]/gm;
const DYNAMIC = /(typeof\s+)?\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;
const ALL_NAMES_TYPED = /^\{\s*(?:type\s+[^,}]+(?:,\s*|\s*(?=\})))+\}\s+from$/;
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/** Test files and test helpers: they may reach anything, so no rule reads them. */
export function isTestFile(file: string): boolean {
  return /\.test\.tsx?$/.test(file) || file.split('/').includes('test');
}

export function sourceFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(path.join(REPO_ROOT, dir))) {
    const relative = `${dir}/${entry}`;
    if (statSync(path.join(REPO_ROOT, relative)).isDirectory()) found.push(...sourceFiles(relative));
    else if (/\.tsx?$/.test(entry) && !entry.endsWith('.d.ts')) found.push(relative);
  }
  return found;
}

function resolve(from: string, specifier: string): string | null {
  const base = path.posix.join(path.posix.dirname(from), specifier);
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    const absolute = path.join(REPO_ROOT, candidate);
    if (existsSync(absolute) && statSync(absolute).isFile()) return candidate;
  }
  return null;
}

/** The imports of one file, as written in `text`, that resolve to a source file. */
export function importsOf(file: string, text: string): ImportEdge[] {
  const edges: ImportEdge[] = [];
  const add = (specifier: string, typeOnly: boolean) => {
    const to = resolve(file, specifier);
    if (to && /\.tsx?$/.test(to)) edges.push({ from: file, to, typeOnly });
  };
  for (const [, keyword, typeKeyword, clause, specifier] of text.matchAll(STATIC)) {
    // `export { a }` without `from` names local bindings, not a module.
    if (!specifier || (keyword === 'export' && !clause)) continue;
    add(specifier, Boolean(typeKeyword) || ALL_NAMES_TYPED.test((clause ?? '').trim()));
  }
  for (const [, typeofKeyword, specifier] of text.matchAll(DYNAMIC)) {
    if (specifier) add(specifier, Boolean(typeofKeyword));
  }
  return edges;
}

/** Every import of every non-test source file under the given folders. */
export function readImportGraph(dirs: string[]): ImportEdge[] {
  return dirs.flatMap((dir) =>
    sourceFiles(dir)
      .filter((file) => !isTestFile(file))
      .flatMap((file) => importsOf(file, readFileSync(path.join(REPO_ROOT, file), 'utf8'))),
  );
}

/** Strongly connected groups of more than one node (Tarjan): each is an import cycle. */
export function cycles(edges: { from: string; to: string }[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) {
    if (from === to) continue;
    next.set(from, [...(next.get(from) ?? []), to]);
    if (!next.has(to)) next.set(to, []);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let counter = 0;
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of next.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(target) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1) found.push(group.sort());
  };
  for (const node of next.keys()) if (!index.has(node)) visit(node);
  return found.sort((a, b) => b.length - a.length);
}
