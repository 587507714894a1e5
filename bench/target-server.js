// The benchmark's target, in its own process so its CPU is not charged to Upwatch: answers
// every request with a small body and counts arrivals per path; reports counts over IPC.
import { createServer } from 'node:http';

const arrivals = new Map();
const server = createServer((req, res) => {
  arrivals.set(req.url, (arrivals.get(req.url) ?? 0) + 1);
  res.setHeader('content-type', 'text/plain');
  res.end('ok');
});
server.keepAliveTimeout = 1000;
server.listen(0, '127.0.0.1', () => process.send?.({ port: server.address().port }));
process.on('message', (message) => {
  if (message === 'stats') {
    let total = 0;
    let max = 0;
    for (const count of arrivals.values()) {
      total += count;
      max = Math.max(max, count);
    }
    process.send?.({ paths: arrivals.size, total, maxPerPath: max });
  }
  if (message === 'stop') server.close(() => process.exit(0));
});
