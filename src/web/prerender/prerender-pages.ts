// Runs in Node at the end of `vite build` (vite.config.ts): builds render.tsx for the server,
// renders each page of PRERENDERED_PAGES with it and writes the built index.html with that HTML
// inside #root, the state it was drawn with, and the marker where the server puts its public
// config. The server serves these files for `/` and `/pricing` (src/server/http/prerendered.ts).
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import {
  PRERENDER_STATE_ID,
  PRERENDERED_DIR,
  PRERENDERED_PAGES,
  PUBLIC_CONFIG_MARKER,
  scriptJson,
} from '../../core/prerender.ts';
import type { renderPage } from './render.tsx';

const ROOT_ELEMENT = '<div id="root"></div>';
const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)"([^>]*)>/g;
/** The shell's preloads for the screen it serves (route-preloads.ts), not for this page. */
const SCREEN_PRELOAD = /data-screen=/;

/**
 * The app's code, fetched once the page has loaded (painted) rather than beside the HTML: the
 * page is complete without it, so its download should not delay the first paint. All of it at
 * once: the entry's chunks and this page's screen, none of the dashboard's.
 */
function deferredScripts(shell: string, screenFiles: readonly string[]): { shell: string; loader: string } {
  const entry = ENTRY_SCRIPT.exec(shell)?.[1];
  if (!entry) throw new Error('The built index.html has no module script.');
  const preloads = [...shell.matchAll(PRELOAD)]
    .filter(([, , attributes]) => !SCREEN_PRELOAD.test(attributes ?? ''))
    .map(([, href]) => href)
    .concat(screenFiles);
  const loader = `<script>addEventListener('load',function(){setTimeout(function(){var d=document;${scriptJson(preloads)}.forEach(function(u){var l=d.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=u;d.head.appendChild(l)});var s=d.createElement('script');s.type='module';s.crossOrigin='';s.src=${scriptJson(entry)};d.head.appendChild(s)})})</script>`;
  return { shell: shell.replace(ENTRY_SCRIPT, '').replace(PRELOAD, ''), loader };
}

/** The built shell with the page's HTML in #root, its state, and its code loaded after paint. */
export function fillShell(
  built: string,
  page: { html: string; state: unknown; screenFiles: readonly string[] },
): string {
  if (!built.includes(ROOT_ELEMENT)) throw new Error(`The built index.html has no ${ROOT_ELEMENT}.`);
  const { html, state } = page;
  const { shell, loader } = deferredScripts(built, page.screenFiles);
  const data = `<script id="${PRERENDER_STATE_ID}" type="application/json">${scriptJson(state)}</script>${PUBLIC_CONFIG_MARKER}`;
  return shell.replace(ROOT_ELEMENT, () => `<div id="root">${html}</div>${data}${loader}`);
}

export async function prerenderPages(
  webRoot: string,
  outDir: string,
  screenFiles: (route: string) => readonly string[],
): Promise<void> {
  const ssrDir = path.join(outDir, '..', '.prerender-ssr');
  try {
    await build({
      configFile: false,
      root: webRoot,
      logLevel: 'warn',
      plugins: [react()],
      build: {
        ssr: path.join(webRoot, 'prerender/render.tsx'),
        outDir: ssrDir,
        emptyOutDir: true,
        rolldownOptions: { output: { entryFileNames: 'render.js' } },
      },
    });
    const { renderPage: render } = (await import(pathToFileURL(path.join(ssrDir, 'render.js')).href)) as {
      renderPage: typeof renderPage;
    };
    const shell = await readFile(path.join(outDir, 'index.html'), 'utf8');
    await mkdir(path.join(outDir, PRERENDERED_DIR), { recursive: true });
    for (const [route, file] of Object.entries(PRERENDERED_PAGES)) {
      const { html, state } = await render(route);
      // `<!--$?-->` / `<!--$!-->`: a Suspense boundary left to the client, i.e. a spinner without JavaScript.
      if (/<!--\$[?!]-->/.test(html))
        throw new Error(`Prerendering ${route} suspended: it would need JavaScript.`);
      await writeFile(
        path.join(outDir, PRERENDERED_DIR, file),
        fillShell(shell, { html, state, screenFiles: screenFiles(route) }),
      );
    }
  } finally {
    await rm(ssrDir, { recursive: true, force: true });
  }
}
