import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = `http://localhost:${process.env.PORT ?? '3000'}`;

export default defineConfig({
  root: `${import.meta.dirname}/src/web`,
  publicDir: `${import.meta.dirname}/src/web/public`,
  plugins: [react(), tailwindcss()],
  build: {
    outDir: `${import.meta.dirname}/dist/web`,
    emptyOutDir: true,
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
