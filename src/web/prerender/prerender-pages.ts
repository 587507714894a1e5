// Runs in Node at the end of `vite build` (vite.config.ts): builds render.tsx for the server,
// renders each page of PRERENDERED_PAGES with it and writes the built index.html with that HTML
// inside #root, the state it was drawn with, and the marker where the server puts its public
// config. The server serves these files for `/` and `/pricing` (src/server/app/http/prerendered.ts).
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import {
  EARLY_CLICK_KEY,
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

/** What shows a visitor is about to use the page, not just read it. */
const INTENT_EVENTS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin', 'wheel'];

/**
 * The page is complete without its code: links are links, the text is all there. Its code (the
 * entry's chunks and this page's screen, none of the dashboard's) is only prefetched once the page
 * has loaded, which costs the main thread nothing, and runs at the visitor's first sign of using
 * the page: a pointer moving or pressing, a touch, a key, focus, the wheel. Hydrating at load
 * held the main thread for 270–1,160 ms of simulated mobile time (Lighthouse's total blocking
 * time) for a page most visitors only read. A link clicked before the code has run navigates as a
 * plain link; a button clicked before then is kept and clicked again once the app has the page.
 */
function deferredScripts(shell: string, screenFiles: readonly string[]): { shell: string; loader: string } {
  const entry = ENTRY_SCRIPT.exec(shell)?.[1];
  if (!entry) throw new Error('The built index.html has no module script.');
  const preloads = [...shell.matchAll(PRELOAD)]
    .filter(([, , attributes]) => !SCREEN_PRELOAD.test(attributes ?? ''))
    .map(([, href]) => href)
    .concat(screenFiles);
  const loader = `<script>(function(){var d=document,w=window,code=${scriptJson(preloads)},entry=${scriptJson(entry)},intents=${scriptJson(INTENT_EVENTS)},started=false,on={capture:true,passive:true};function link(rel,u){var l=d.createElement('link');l.rel=rel;l.crossOrigin='';l.href=u;d.head.appendChild(l)}function start(){if(started)return;started=true;intents.forEach(function(t){removeEventListener(t,start,on)});code.forEach(function(u){link('modulepreload',u)});var s=d.createElement('script');s.type='module';s.crossOrigin='';s.src=entry;d.head.appendChild(s)}intents.forEach(function(t){addEventListener(t,start,on)});addEventListener('click',function(e){var b=e.target&&e.target.closest&&e.target.closest('button');if(b&&w.${EARLY_CLICK_KEY}!==null)w.${EARLY_CLICK_KEY}=b},true);addEventListener('load',function(){setTimeout(function(){if(!started)code.concat(entry).forEach(function(u){link('prefetch',u)})})})})()</script>`;
  return { shell: shell.replace(ENTRY_SCRIPT, '').replace(PRELOAD, ''), loader };
}

/** The built shell with the page's HTML in #root, its state, and the loader of its code. */
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
