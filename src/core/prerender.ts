// The pages the web build prerenders to HTML (they paint with no JavaScript, then hydrate), and
// the markers the server fills in when it serves them. Read by the build, the server and the SPA.

/** Route path → file under `dist/web/prerendered/`. */
export const PRERENDERED_PAGES = { '/': 'landing.html', '/pricing': 'pricing.html' } as const;
export type PrerenderedPath = keyof typeof PRERENDERED_PAGES;

/** The folder, under the built web app, that holds the prerendered pages (never served as is). */
export const PRERENDERED_DIR = 'prerendered';

/** JSON the page was rendered with (`<script type="application/json">`), seeded before hydration. */
export const PRERENDER_STATE_ID = 'upwatch-prerendered';
/** The server's public config, put in by the server where the build left PUBLIC_CONFIG_MARKER. */
export const PUBLIC_CONFIG_ID = 'upwatch-public-config';
export const PUBLIC_CONFIG_MARKER = '<!--upwatch-public-config-->';
/** Stands for the server's PUBLIC_URL in prerendered text; the server replaces it. */
export const PUBLIC_URL_TOKEN = 'https://upwatch-public-url.invalid';

/**
 * The window property where a prerendered page's loader keeps the button a visitor clicked before
 * the app took the page over, for the app to click again once it has (main.tsx); null once taken.
 */
export const EARLY_CLICK_KEY = 'upwatchEarlyClick';

/** JSON that is safe inside a `<script>` element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
