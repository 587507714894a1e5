// Builds /rum.js (src/web/rum/snippet.ts) as one classic script beside the app's build: an IIFE
// with web-vitals inlined, minified, no module syntax (the snippet's tag is a plain deferred
// script on the customer's page), and nothing else of the app in it.
import { build, type Plugin } from 'vite';

export const RUM_SNIPPET_FILE = 'rum.js';

export function rumSnippet(webDir: string, outDir: string): Plugin {
  return {
    name: 'upwatch-rum-snippet',
    apply: 'build',
    async closeBundle() {
      await build({
        configFile: false,
        logLevel: 'warn',
        build: {
          outDir,
          emptyOutDir: false,
          copyPublicDir: false,
          target: 'es2020',
          minify: true,
          lib: {
            entry: `${webDir}/rum/snippet.ts`,
            formats: ['iife'],
            name: 'upwatchRum',
            fileName: () => RUM_SNIPPET_FILE,
          },
        },
      });
    },
  };
}
