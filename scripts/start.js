// `npm start`: builds the web app when its sources changed, then runs `upwatch start` in this same
// process. npm passes a supervisor's SIGTERM or SIGINT on to the one process its script runs, so
// that process must be the server: with `build && upwatch start` it was a shell, which died of
// the signal and left the server running, orphaned. Extra arguments (`npm start -- …`) follow
// `start`.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import './build-web-if-needed.js';

const bin = path.resolve(import.meta.dirname, '../bin/upwatch.js');
process.argv = [process.argv[0] ?? process.execPath, bin, 'start', ...process.argv.slice(2)];
await import(pathToFileURL(bin).href);
