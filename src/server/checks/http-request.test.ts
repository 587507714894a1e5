import { describe, expect, it } from 'vitest';
import { firstRequest, redirectRequest, USER_AGENT } from './http-request.ts';

const post = () =>
  firstRequest({
    url: 'https://a.test/form',
    method: 'POST',
    headers: { Authorization: 'Bearer x', Cookie: 'a=1', 'Content-Type': 'text/plain', 'X-Trace': '1' },
    body: 'payload',
  });

describe('firstRequest', () => {
  it('names Upwatch in the User-Agent and drops headers the HTTP client or the URL decide', () => {
    const request = firstRequest({
      url: 'http://a.test/',
      method: 'GET',
      headers: { Host: 'evil.test', 'Content-Length': '5', Connection: 'keep-alive', 'X-Api': 'k' },
      body: 'ignored',
    });
    expect(request.headers).toEqual({ 'user-agent': USER_AGENT, accept: '*/*', 'x-api': 'k' });
    expect(request.body).toBeNull();
  });
});

describe('redirectRequest', () => {
  it.each([301, 302, 303])('turns a POST into a body-less GET on %i', (status) => {
    const next = redirectRequest(post(), status, '/done');
    expect(next).toMatchObject({ method: 'GET', body: null, url: new URL('https://a.test/done') });
    expect(next?.headers['content-type']).toBeUndefined();
    expect(next?.headers.authorization).toBe('Bearer x');
  });

  it.each([307, 308])('keeps the method and body on %i', (status) => {
    expect(redirectRequest(post(), status, '/again')).toMatchObject({ method: 'POST', body: 'payload' });
  });

  it('drops credentials when the redirect leaves the origin', () => {
    const next = redirectRequest(post(), 307, 'https://b.test/');
    expect(next?.headers).toMatchObject({ 'x-trace': '1', 'content-type': 'text/plain' });
    expect(next?.headers.authorization).toBeUndefined();
    expect(next?.headers.cookie).toBeUndefined();
  });

  it.each([
    [200, '/x'],
    [304, '/x'],
    [302, undefined],
    [302, 'ftp://a.test/file'],
    [302, 'javascript:alert(1)'],
    [302, 'http://[bad'],
  ])('does not follow status %i to %s', (status, location) => {
    expect(redirectRequest(post(), status, location)).toBeUndefined();
  });
});
