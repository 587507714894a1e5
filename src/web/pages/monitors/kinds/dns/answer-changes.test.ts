import { describe, expect, it } from 'vitest';
import { makeResult } from '../../../../test/monitors';
import { answerHistory } from './answer-changes';

const check = (id: string, checkedAt: number, answers: string[] | undefined, status: 'up' | 'down' = 'up') =>
  makeResult({ id, checkedAt, answers, status });

describe('answerHistory', () => {
  it('gives the latest answer set and each change of the set, newest first', () => {
    const history = answerHistory([
      check('d', 4000, ['192.0.2.20']),
      check('c', 3000, ['192.0.2.20']),
      check('b', 2000, ['192.0.2.11', '192.0.2.10']),
      check('a', 1000, ['192.0.2.10', '192.0.2.11']),
    ]);
    expect(history.current).toEqual({ answers: ['192.0.2.20'], checkedAt: 4000 });
    expect(history.changes).toEqual([
      { at: 3000, from: ['192.0.2.11', '192.0.2.10'], to: ['192.0.2.20'] },
      { at: 1000, from: null, to: ['192.0.2.10', '192.0.2.11'] },
    ]);
  });

  it('skips failed lookups that got no answer, and checks without answers', () => {
    const history = answerHistory([
      check('c', 3000, [], 'down'),
      check('b', 2000, undefined),
      check('a', 1000, ['192.0.2.10']),
    ]);
    expect(history.current).toEqual({ answers: ['192.0.2.10'], checkedAt: 1000 });
    expect(history.changes).toHaveLength(1);
  });

  it('takes a resolver saying there are no such records as an empty answer set', () => {
    const noRecords = (id: string, checkedAt: number) =>
      makeResult({
        id,
        checkedAt,
        answers: [],
        status: 'down',
        failure: { code: 'dns_no_answer', message: 'The system resolver has no AAAA records for acme.dev.' },
      });
    const history = answerHistory([noRecords('c', 3000), noRecords('b', 2000), noRecords('a', 1000)]);
    expect(history.current).toEqual({ answers: [], checkedAt: 3000 });
    expect(history.changes).toEqual([{ at: 1000, from: null, to: [] }]);
  });

  it('has no current set before any check answered', () => {
    expect(answerHistory([])).toEqual({ current: null, changes: [] });
  });
});
