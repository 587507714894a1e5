import { expect, it } from 'vitest';
import { capturedLogger } from '../../test/captured-logger.ts';
import { createOutageLog } from './outage-log.ts';
import { isDatabaseUnavailable } from './unavailable.ts';

const coded = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

it('tells a database that is away from a query that is wrong', () => {
  const away = [
    coded('57P01', 'terminating connection due to administrator command'),
    coded('57P03', 'the database system is shutting down'),
    coded('08006', 'connection failure'),
    coded('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
    coded('ECONNRESET', 'read ECONNRESET'),
    new Error('Connection terminated unexpectedly'),
    new Error('Client has encountered a connection error and is not queryable'),
    new Error('timeout exceeded when trying to connect'),
    // Wrapped, as a library or our own code may rethrow it.
    new Error('storing failed', { cause: coded('57P01') }),
    new AggregateError([coded('ECONNREFUSED')], 'every address refused'),
  ];
  const wrong = [
    coded('23505', 'duplicate key value violates unique constraint'),
    coded('42601', 'syntax error at or near "selec"'),
    coded('22021', 'invalid byte sequence for encoding "UTF8": 0x00'),
    new Error('Cannot read properties of undefined'),
    'a string',
    undefined,
  ];
  expect(away.filter((err) => !isDatabaseUnavailable(err))).toEqual([]);
  expect(wrong.filter((err) => isDatabaseUnavailable(err))).toEqual([]);
});

it('logs an outage once when it starts and once when it ends, however many attempts fail', () => {
  const { logger, lines, messages } = capturedLogger();
  const outage = createOutageLog(logger, { lost: 'lost', restored: 'back' });
  outage.succeeded();
  for (let i = 0; i < 50; i++) outage.failed(coded('ECONNREFUSED', 'connect ECONNREFUSED'));
  expect(outage.down).toBe(true);
  outage.succeeded();
  outage.succeeded();
  outage.failed(coded('57P01', 'terminating connection due to administrator command'));
  expect(messages()).toEqual(['lost', 'back', 'lost']);
  expect(lines[0]).toMatchObject({ level: 40, reason: { code: 'ECONNREFUSED' } });
  expect(lines[1]).toMatchObject({ level: 30, failedAttempts: 50 });
});
