// The RUM bench's load generator, run in its own process so its CPU is not the server's: POSTs
// beacons as visitors' browsers send them (text/plain, the page's Origin, a Chrome user agent) at a
// fixed overall rate, spread over the given site keys and over many visitors' addresses (the
// server trusts X-Forwarded-For in this bench, as behind a proxy). Prints autocannon's JSON.
// Arguments: url, comma-separated keys, origin, rate per second, seconds, connections.
import autocannon from 'autocannon';

const [url, keys, origin, rate, seconds, connections] = process.argv.slice(2);
const siteKeys = keys.split(',');
const AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const ROUTES = 200;
let sent = 0;

/** A page view of one of 200 products, with vitals spread as real visits are. */
function body(n) {
  const spread = (base, scale) => Math.round(base * Math.exp((((n * 7919) % 1000) / 1000) * scale));
  return JSON.stringify({
    v: 1,
    url: `${origin}/p/${n % ROUTES}?utm_source=mail`,
    nav: 'navigate',
    device: n % 3 === 0 ? 'desktop' : 'mobile',
    ect: '4g',
    metrics: {
      LCP: spread(1200, 1.5),
      INP: spread(80, 1.8),
      CLS: ((n * 31) % 100) / 400,
      FCP: spread(700, 1.2),
      TTFB: spread(150, 1.5),
    },
    attribution: { lcp: { element: 'img.hero' }, inp: { target: '#buy', type: 'pointer' } },
  });
}

const result = await autocannon({
  url,
  connections: Number(connections),
  duration: Number(seconds),
  overallRate: Number(rate),
  requests: [
    {
      method: 'POST',
      setupRequest(request) {
        sent += 1;
        const n = sent;
        return {
          ...request,
          path: `/rum/${siteKeys[n % siteKeys.length]}`,
          headers: {
            'content-type': 'text/plain;charset=UTF-8',
            origin,
            'user-agent': AGENT,
            // 10,000 visitors' addresses: each stays under the per-address limit.
            'x-forwarded-for': `10.${Math.floor(n / 65536) % 100}.${Math.floor(n / 256) % 256}.${n % 256}`,
          },
          body: body(n),
        };
      },
    },
  ],
});
process.stdout.write(JSON.stringify(result));
