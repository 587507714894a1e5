// The request a hop sends: headers Upwatch always sets, and how a redirect changes the next hop
// (the way browsers do it, so a check sees what a visitor sees).
import packageJson from '../../../package.json' with { type: 'json' };

export const USER_AGENT = `Upwatch/${packageJson.version} (+https://upwatch.dev)`;

export interface HopRequest {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: string | null;
}

// The HTTP client computes or refuses these; the URL decides the host.
const MANAGED_HEADERS = new Set([
  'host',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'upgrade',
  'expect',
]);
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];
const BODY_HEADERS = ['content-type', 'content-encoding', 'content-language', 'content-location'];
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export function firstRequest(input: {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | null;
}): HopRequest {
  const headers: Record<string, string> = { 'user-agent': USER_AGENT, accept: '*/*' };
  for (const [name, value] of Object.entries(input.headers)) {
    const key = name.toLowerCase();
    if (!MANAGED_HEADERS.has(key)) headers[key] = value;
  }
  // GET and HEAD carry no body: many servers and proxies reject one.
  const body = input.method === 'GET' || input.method === 'HEAD' ? null : input.body;
  return { url: new URL(input.url), method: input.method, headers, body };
}

/** The next hop for a redirect response, or undefined when it is not a redirect we can follow. */
export function redirectRequest(
  current: HopRequest,
  statusCode: number,
  location: string | string[] | undefined,
): HopRequest | undefined {
  if (!REDIRECT_STATUSES.has(statusCode) || typeof location !== 'string') return undefined;
  let url: URL;
  try {
    url = new URL(location, current.url);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;

  const headers = { ...current.headers };
  let { method, body } = current;
  // 303 always, and 301/302 after a POST, turn into a body-less GET (RFC 9110 §15.4, browsers).
  if (
    (statusCode === 303 && method !== 'HEAD') ||
    ((statusCode === 301 || statusCode === 302) && method === 'POST')
  ) {
    method = 'GET';
    body = null;
    for (const name of BODY_HEADERS) delete headers[name];
  }
  // Credentials meant for one origin are not handed to another.
  if (url.origin !== current.url.origin) for (const name of CREDENTIAL_HEADERS) delete headers[name];
  return { url, method, headers, body };
}
