// Build step (vite.config.ts): which chunks each lazily loaded screen needs beyond the entry's,
// so pages can name them all with <link rel="modulepreload"> and a browser fetches them at once
// instead of discovering them import after import. The app shell (index.html, served for every
// client route but `/` and `/pricing`) preloads the dashboard's first screen; the prerendered
// pages (prerender-pages.ts) preload only their own screen, so visitors never download the dashboard.
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { HtmlTagDescriptor, Plugin } from 'vite';

function chunksOf(bundle: OutputBundle): OutputChunk[] {
  return Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
}

/** File names of these chunks and of every chunk they import statically. */
export function closure(bundle: OutputBundle, roots: readonly OutputChunk[]): Set<string> {
  const byFile = new Map(chunksOf(bundle).map((chunk) => [chunk.fileName, chunk]));
  const seen = new Set<string>();
  const visit = (chunk: OutputChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    for (const imported of chunk.imports) {
      const next = byFile.get(imported);
      if (next) visit(next);
    }
  };
  for (const root of roots) visit(root);
  return seen;
}

function chunkBuiltFrom(bundle: OutputBundle, source: string): OutputChunk {
  const chunk = chunksOf(bundle).find((candidate) =>
    candidate.facadeModuleId?.replaceAll('\\', '/').endsWith(`/${source}`),
  );
  if (!chunk) throw new Error(`No chunk is built from ${source}: is it still imported lazily?`);
  return chunk;
}

/**
 * `screens`: name → the lazily imported source files (under src/web) it renders first.
 * The plugin preloads `shellScreen`'s chunks from index.html; `filesFor(name)` gives any
 * screen's chunks (absolute paths) to later build steps.
 */
export function routePreloads(screens: Record<string, readonly string[]>, shellScreen: string) {
  const files = new Map<string, string[]>();
  const plugin: Plugin = {
    name: 'upwatch-route-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        const bundle = ctx.bundle;
        // Vite already preloads what the entry imports statically.
        const everyPage = closure(
          bundle,
          chunksOf(bundle).filter((chunk) => chunk.isEntry),
        );
        for (const [name, sources] of Object.entries(screens)) {
          const needed = closure(
            bundle,
            sources.map((source) => chunkBuiltFrom(bundle, source)),
          );
          files.set(
            name,
            [...needed].filter((file) => !everyPage.has(file)).map((file) => `/${file}`),
          );
        }
        const tags: HtmlTagDescriptor[] = (files.get(shellScreen) ?? []).map((href) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href, 'data-screen': shellScreen },
          injectTo: 'head',
        }));
        return { html, tags };
      },
    },
  };
  return { plugin, filesFor: (name: string) => files.get(name) ?? [] };
}
