// Build-time compression of the web app: next to each text file in dist, a `.br` and a `.gz`
// variant, which spa.ts serves by Accept-Encoding. Done once at build so requests cost no CPU
// and brotli can use its slowest, smallest setting.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats only: images and fonts (png, woff2) are compressed already. */
const COMPRESSIBLE = /\.(?:html|js|mjs|css|svg|json|webmanifest|txt|xml|map)$/i;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile() && COMPRESSIBLE.test(entry.name)) yield full;
  }
}

/**
 * Writes `file.br` and `file.gz` beside every compressible file under `dir`, each only when it
 * is smaller than the original (a tiny file can grow). Returns the files it compressed.
 */
export async function precompressDir(dir: string): Promise<string[]> {
  const done: string[] = [];
  for await (const file of filesUnder(dir)) {
    const raw = await readFile(file);
    const [br, gz] = await Promise.all([
      brotli(raw, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      }),
      gzipAsync(raw, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    // The names @hono/node-server's serveStatic looks for with `precompressed: true`.
    if (br.length < raw.length) await writeFile(`${file}.br`, br);
    if (gz.length < raw.length) await writeFile(`${file}.gz`, gz);
    if (br.length < raw.length || gz.length < raw.length) done.push(file);
  }
  return done;
}
