// Small helpers for reading HTTP responses in tests.

export function setCookies(response: Response): string[] {
  return response.headers.getSetCookie();
}

/** The `name=value` pairs of a response's Set-Cookie headers, as a Cookie request header. */
export function cookieHeader(response: Response): string {
  return setCookies(response)
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

export function jsonBody(payload: unknown): RequestInit {
  return { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) };
}
