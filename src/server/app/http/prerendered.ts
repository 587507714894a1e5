// The landing and pricing pages as the web build prerendered them (src/web/prerender/), with this
// server's public config filled in, compressed once per process and kept in memory: the build
// cannot know PUBLIC_URL, so precompress.ts's files cannot be the ones sent.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Context } from 'hono';
import type { PublicConfig } from '../../../core/api/account.ts';
import {
  PRERENDERED_DIR,
  PRERENDERED_PAGES,
  type PrerenderedPath,
  PUBLIC_CONFIG_ID,
  PUBLIC_CONFIG_MARKER,
  PUBLIC_URL_TOKEN,
  scriptJson,
} from '../../../core/prerender.ts';
import { spaPolicy } from '../../platform/http/security-headers.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

interface Page {
  /** Its CSP, with the hash of its inline loader as filled in here. */
  csp: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] ?? ch);

/** The build's page with this server's public URL in its text and its public config beside it. */
export function fillPage(template: string, publicConfig: PublicConfig): string {
  const config = `<script id="${PUBLIC_CONFIG_ID}" type="application/json">${scriptJson(publicConfig)}</script>`;
  return template
    .replaceAll(PUBLIC_URL_TOKEN, escapeHtml(publicConfig.publicUrl.replace(/\/+$/, '')))
    .replace(PUBLIC_CONFIG_MARKER, () => config);
}

async function loadPage(file: string, publicConfig: PublicConfig): Promise<Page | null> {
  const template = await readFile(file, 'utf8').catch(() => null);
  if (template === null) return null;
  const html = fillPage(template, publicConfig);
  const identity = Buffer.from(html);
  const [br, gz] = await Promise.all([
    brotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
    gzipAsync(identity, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  return { csp: spaPolicy(html), identity, br, gzip: gz };
}

/** better-auth's session cookie (`__Secure-` prefixed behind https). */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;

/**
 * Answers `served`'s pages prerendered, or null: for any other path, to a visitor with a session
 * cookie (the SPA sends a signed-in user from `/` on to the dashboard, SPEC.md §2), and when the
 * build has no prerendered file. Each null is left to the app shell.
 */
export function prerenderedPages(
  distDir: string,
  publicConfig: PublicConfig,
  served: ReadonlySet<PrerenderedPath>,
) {
  const pages = new Map<PrerenderedPath, Promise<Page | null>>();
  const isServed = (pathname: string): pathname is PrerenderedPath => served.has(pathname as PrerenderedPath);
  return async function respond(c: Context, pathname: string): Promise<Response | null> {
    if (!isServed(pathname) || SESSION_COOKIE.test(c.req.header('Cookie') ?? '')) return null;
    let loading = pages.get(pathname);
    if (!loading) {
      loading = loadPage(path.join(distDir, PRERENDERED_DIR, PRERENDERED_PAGES[pathname]), publicConfig);
      pages.set(pathname, loading);
    }
    const page = await loading;
    if (!page) return null;
    const accepted = c.req.header('Accept-Encoding') ?? '';
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
    const headers: Record<string, string> = {
      'Content-Type': 'text/html; charset=UTF-8',
      'Cache-Control': 'no-cache',
      Vary: 'Accept-Encoding, Cookie',
      'Content-Security-Policy': page.csp,
    };
    if (encoding) headers['Content-Encoding'] = encoding;
    const body = encoding ? page[encoding] : page.identity;
    return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(body), { headers });
  };
}
