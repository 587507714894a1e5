// The scheduler benchmark's target, in its own process so its CPU is not charged to Upwatch. It
// answers every kind the bench monitors — HTTP on /m/{id}, TCP lines "{id}", DNS A queries for
// "{id}.bench.test" — and, between 'measure' and 'report' over IPC, logs when each monitor's
// check arrived. The report is what a user would see: checks per second, how far each gap between
// two arrivals of one monitor strays from its interval, and beats that never came. For heartbeat
// monitors it is the cron job instead: it pings each one's URL once per interval at its phase
// and counts the pings Upwatch did not answer with 200.
import { createServer as createHttpServer } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import dns2 from 'dns2';

const arrivals = new Map();
let measuring = false;
let measureStartedAt = 0;
/** Set by the regions bench: an HTTP arrival is keyed "{id}@{source address}", one key per region. */
let keyByAddress = false;

function arrived(key) {
  if (!measuring) return;
  const at = performance.timeOrigin + performance.now();
  const list = arrivals.get(key);
  if (list) list.push(at);
  else arrivals.set(key, [at]);
}

const http = createHttpServer((req, res) => {
  const id = req.url?.slice(3) ?? '';
  arrived(keyByAddress ? `${id}@${req.socket.remoteAddress}` : id);
  res.setHeader('content-type', 'text/plain');
  res.end('ok');
});
http.keepAliveTimeout = 1000;

const tcp = createTcpServer((socket) => {
  socket.once('data', (chunk) => {
    arrived(chunk.toString('utf8').trim());
    socket.end('ok\n');
  });
  socket.on('error', () => {});
});

const { Packet } = dns2;
const dns = dns2.createServer({
  udp: true,
  handle(request, send) {
    const response = Packet.createResponseFromRequest(request);
    const [question] = request.questions;
    if (question) {
      arrived(question.name.split('.')[0]);
      response.answers.push({
        name: question.name,
        type: Packet.TYPE.A,
        class: Packet.CLASS.IN,
        ttl: 60,
        address: '192.0.2.1',
      });
    }
    send(response);
  },
});

// Why pings went unanswered: a status ("503") or the fetch error's cause code ("ECONNRESET").
const pinging = { timers: [], sent: 0, refused: 0, why: {} };
const refuse = (why) => {
  pinging.refused += 1;
  pinging.why[why] = (pinging.why[why] ?? 0) + 1;
};

function startPinging({ url, beats, intervalMs }) {
  const ping = async (token) => {
    pinging.sent += 1;
    try {
      const response = await fetch(`${url}/api/ping/${token}`);
      await response.arrayBuffer();
      if (response.status !== 200) refuse(String(response.status));
    } catch (err) {
      refuse(err?.cause?.code ?? err?.name ?? 'error');
    }
  };
  const now = Date.now();
  for (const { token, phaseMs } of beats) {
    const wait = (((phaseMs - now) % intervalMs) + intervalMs) % intervalMs;
    pinging.timers.push(
      setTimeout(() => {
        ping(token);
        pinging.timers.push(setInterval(() => ping(token), intervalMs));
      }, wait),
    );
  }
}

function stopPinging() {
  for (const timer of pinging.timers) clearTimeout(timer);
  pinging.timers = [];
}

function percentile(sorted, q) {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
}

/** Stays and misses per monitor, for the `expected` keys (monitor ids) and their interval. */
function report({ keys, intervalMs }) {
  const windowMs = performance.timeOrigin + performance.now() - measureStartedAt;
  const strays = [];
  let checks = 0;
  let missed = 0;
  let neverChecked = 0;
  // Two arrivals of one key less than half an interval apart: a round run twice.
  let doubleRuns = 0;
  for (const key of keys) {
    const list = arrivals.get(key) ?? [];
    checks += list.length;
    if (list.length === 0) neverChecked += 1;
    for (let i = 1; i < list.length; i++) {
      strays.push(Math.abs(list[i] - list[i - 1] - intervalMs));
      if (list[i] - list[i - 1] < intervalMs / 2) doubleRuns += 1;
    }
    // A monitor gets floor(window / interval) beats in any window, or one more.
    missed += Math.max(0, Math.floor(windowMs / intervalMs) - list.length);
  }
  strays.sort((a, b) => a - b);
  const round = (value) => Math.round(value * 10) / 10;
  return {
    window_s: round(windowMs / 1000),
    checks,
    checks_per_second: round((checks * 1000) / windowMs),
    stray_ms: {
      // How many gaps between two arrivals of one monitor the window held: a window shorter than
      // two intervals holds one only for monitors whose two checks both fell inside it.
      intervals: strays.length,
      p50: round(percentile(strays, 0.5)),
      p99: round(percentile(strays, 0.99)),
      max: round(strays.at(-1) ?? 0),
    },
    missed_beats: missed,
    never_checked: neverChecked,
    double_runs: doubleRuns,
    heartbeat_pings: { sent: pinging.sent, not_answered_200: pinging.refused, why: pinging.why },
  };
}

await new Promise((resolve) => http.listen(0, '127.0.0.1', resolve));
await new Promise((resolve) => tcp.listen(0, '127.0.0.1', resolve));
await dns.listen({ udp: { port: 0, address: '127.0.0.1' } });
process.send?.({ http: http.address().port, tcp: tcp.address().port, dns: dns.addresses().udp.port });

process.on('message', (message) => {
  if (message.type === 'ping') startPinging(message);
  if (message.type === 'stop-pinging') stopPinging();
  if (message.type === 'key-by-address') keyByAddress = true;
  if (message.type === 'measure') {
    pinging.sent = 0;
    pinging.refused = 0;
    pinging.why = {};
    arrivals.clear();
    measuring = true;
    measureStartedAt = performance.timeOrigin + performance.now();
  }
  if (message.type === 'report') {
    measuring = false;
    process.send?.(report(message));
  }
  if (message.type === 'stop') {
    stopPinging();
    http.closeAllConnections();
    http.close();
    tcp.close();
    dns.close().then(() => process.exit(0));
  }
});
