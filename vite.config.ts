import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompressDir } from './src/server/app/http/precompress.ts';
import { routePreloads } from './src/web/build/route-preloads.ts';
import { rumSnippet } from './src/web/build/rum-snippet.ts';
import { prerenderPages } from './src/web/prerender/prerender-pages.ts';

/** `.br` and `.gz` beside each built text file, for the server to send as they are. */
const precompress: Plugin = {
  name: 'upwatch-precompress',
  apply: 'build',
  async writeBundle(options) {
    if (options.dir) await precompressDir(options.dir);
  },
};

/** The lazily imported modules each screen renders first (route-preloads.ts). */
const preloads = routePreloads(
  {
    dashboard: ['components/shell/dashboard-layout.tsx', 'pages/dashboard/dashboard-home.tsx'],
    '/': ['pages/landing/landing-page.tsx'],
    '/pricing': ['pages/pricing/pricing-page.tsx'],
  },
  'dashboard',
);

/**
 * `/` and `/pricing` as HTML that paints with no JavaScript (then hydrates). After precompress:
 * the server fills in its public config and compresses them once, in memory.
 */
const prerender: Plugin = {
  name: 'upwatch-prerender',
  apply: 'build',
  async closeBundle() {
    await prerenderPages(
      `${import.meta.dirname}/src/web`,
      `${import.meta.dirname}/dist/web`,
      preloads.filesFor,
    );
  },
};

const apiTarget = `http://localhost:${process.env.PORT ?? '3000'}`;

export default defineConfig({
  root: `${import.meta.dirname}/src/web`,
  publicDir: `${import.meta.dirname}/src/web/public`,
  plugins: [
    react(),
    tailwindcss(),
    preloads.plugin,
    precompress,
    prerender,
    rumSnippet(`${import.meta.dirname}/src/web`, `${import.meta.dirname}/dist/web`),
  ],
  build: {
    outDir: `${import.meta.dirname}/dist/web`,
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries every screen runs, one chunk each instead of dozens of slivers that a browser
        // would fetch one round trip after another.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|use-sync-external-store)[\\/]/,
            },
            { name: 'tanstack', test: /[\\/]node_modules[\\/]@tanstack[\\/]/ },
            { name: 'icons', test: /[\\/]node_modules[\\/]lucide-react[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': {
        target: apiTarget,
        // better-auth only trusts requests whose Origin is the server's own.
        configure: (proxy) => {
          proxy.on('proxyReq', (request) => request.setHeader('origin', apiTarget));
        },
      },
    },
  },
});
