import type { CheckResult } from '../../../../../core/api/history';

export interface AnswerChange {
  at: number;
  /** The set before; null for the first set seen in the loaded checks. */
  from: string[] | null;
  to: string[];
}

export interface AnswerHistory {
  /** The latest answer set, and the check it came from; null before any check answered. */
  current: { answers: string[]; checkedAt: number } | null;
  /** Changes of the answer set, newest first. The oldest entry has `from: null`. */
  changes: AnswerChange[];
}

const key = (answers: readonly string[]) => [...answers].sort().join('\n');

/**
 * Whether a check learnt the answer set. A resolver saying the name has no such records
 * (dns_no_answer) answered: the set is empty. A failed lookup that got no answer at all (a
 * timeout, SERVFAIL) tells nothing about the records.
 */
function answered(result: CheckResult): result is CheckResult & { answers: string[] } {
  if (result.answers === undefined) return false;
  return result.answers.length > 0 || result.status !== 'down' || result.failure?.code === 'dns_no_answer';
}

/** What the loaded checks (newest first) say about a DNS monitor's answers. */
export function answerHistory(results: readonly CheckResult[]): AnswerHistory {
  const answeredChecks = results.filter(answered);
  const changes: AnswerChange[] = [];
  let previous: string[] | null = null;
  for (const result of [...answeredChecks].reverse()) {
    if (previous === null || key(previous) !== key(result.answers)) {
      changes.push({ at: result.checkedAt, from: previous, to: result.answers });
    }
    previous = result.answers;
  }
  const latest = answeredChecks[0];
  return {
    current: latest ? { answers: latest.answers, checkedAt: latest.checkedAt } : null,
    changes: changes.reverse(),
  };
}
