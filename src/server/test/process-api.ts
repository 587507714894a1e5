import { cookieHeader } from './http.ts';

export type ProcessApi = <T>(method: string, route: string, body?: unknown) => Promise<T>;

/**
 * Signs a new user up on a running Upwatch process (tests and benches that start the real
 * `upwatch start`) and returns their cookie and a JSON client for /api/v1 that throws on any
 * answer of 300 or more, with the answer's text.
 */
export async function signUpOn(
  origin: string,
  email = 'ada@example.com',
): Promise<{ cookie: string; api: ProcessApi }> {
  const signUp = await fetch(`${origin}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ name: 'Ada', email, password: 'correct horse battery' }),
  });
  if (signUp.status !== 200) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);
  const cookie = cookieHeader(signUp);
  const api: ProcessApi = async <T>(method: string, route: string, body?: unknown) => {
    const response = await fetch(`${origin}/api/v1${route}`, {
      method,
      headers: { cookie, origin, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (response.status >= 300) throw new Error(`${method} ${route}: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
  return { cookie, api };
}
