// Pages for the performance browser tests, served on 127.0.0.1: a light static page, a heavy
// page (a large image delayed 500 ms, 600 ms of blocking script, a late layout shift), a page
// that never finishes loading, and a page with an image from a host the test calls private.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An uncompressed 24-bit BMP: a real, decodable image of a known size (~1.4 MB at 800x600). */
function bmp(width: number, height: number): Buffer {
  const row = Math.ceil((width * 3) / 4) * 4;
  const size = 54 + row * height;
  const file = Buffer.alloc(size);
  file.write('BM', 0);
  file.writeUInt32LE(size, 2);
  file.writeUInt32LE(54, 10);
  file.writeUInt32LE(40, 14);
  file.writeInt32LE(width, 18);
  file.writeInt32LE(height, 22);
  file.writeUInt16LE(1, 26);
  file.writeUInt16LE(24, 28);
  file.writeUInt32LE(row * height, 34);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = 54 + y * row + x * 3;
      file[at] = (x * 7) & 255;
      file[at + 1] = (y * 5) & 255;
      file[at + 2] = ((x + y) * 3) & 255;
    }
  }
  return file;
}

const LIGHT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Light</title></head><body><h1>Light page</h1><p>A small static page with nothing to wait for.</p></body></html>`;

// The 600 ms of blocking script run from a timer, after the first paint: Total Blocking Time only
// counts long tasks between FCP and TTI, and a parser-blocking script may run before the first paint.
const HEAVY = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Heavy</title></head><body>
<p id="intro">A heavy page: a large late image, blocking script and a late layout shift.</p>
<img src="/big.bmp" width="800" height="600" alt="Big">
<p>More text below the image that moves when the banner appears.</p>
<script>setTimeout(() => { const until = Date.now() + 600; while (Date.now() < until) {} }, 250);</script>
<script>setTimeout(() => { const banner = document.createElement('div'); banner.style.height = '400px';
banner.textContent = 'Late banner'; document.body.prepend(banner); }, 1200);</script>
</body></html>`;

const NEVER_START = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Never</title></head>
<body><p>Waiting forever</p>`;

const PRIVATE_IMAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Private image</title></head>
<body><p>An image from a private host</p><img src="http://cdn.private.test/pixel.bmp" alt="private"></body></html>`;

export interface PerfPages {
  origin: string;
  close(): Promise<void>;
}

export async function servePerfPages(): Promise<PerfPages> {
  const image = bmp(800, 600);
  const html = (body: string) => ({
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  const server: Server = createServer((req, res) => {
    switch (req.url) {
      case '/favicon.ico':
        res.writeHead(204).end();
        return;
      case '/light':
        res.writeHead(200, html(LIGHT)).end(LIGHT);
        return;
      case '/heavy':
        res.writeHead(200, html(HEAVY)).end(HEAVY);
        return;
      case '/big.bmp':
        setTimeout(() => res.writeHead(200, { 'content-type': 'image/bmp' }).end(image), 500);
        return;
      case '/never':
        // The document starts and never ends: no load event, ever.
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.write(NEVER_START);
        return;
      case '/private-image':
        res.writeHead(200, html(PRIVATE_IMAGE)).end(PRIVATE_IMAGE);
        return;
      default:
        res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
