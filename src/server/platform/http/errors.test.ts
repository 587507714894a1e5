import { Hono } from 'hono';
import { expect, it } from 'vitest';
import { capturedLogger } from '../../test/captured-logger.ts';
import { createErrorHandler } from './errors.ts';

it('answers 503 database_unavailable with Retry-After, not a logged 500, while the database is away', async () => {
  const { logger, lines } = capturedLogger();
  const app = new Hono();
  app.onError(createErrorHandler(logger));
  const lost = Object.assign(new Error('terminating connection due to administrator command'), {
    code: '57P01',
  });
  app.get('/away', () => {
    throw lost;
  });
  app.get('/refused', () => {
    throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  });
  app.get('/bug', () => {
    throw new Error('a bug');
  });

  for (const path of ['/away', '/refused']) {
    const response = await app.request(path);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(await response.json()).toEqual({
      error: {
        code: 'database_unavailable',
        message: 'Upwatch cannot reach its database right now. Please try again in a few seconds.',
      },
    });
  }
  expect(lines).toEqual([]);
  expect((await app.request('/bug')).status).toBe(500);
  expect(lines.map((line) => line.msg)).toEqual(['unhandled error']);
});
