import type { CheckResult } from '../../../../../core/api/history';
import type { MonitorOf } from '../../../../../core/api/monitors';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../../components/ui/card';
import { formatCount, formatDateTime } from '../../../../lib/format';
import { useTimeZone } from '../../../../lib/use-time-zone';
import { useRecentResults } from '../recent-results';
import { type AnswerChange, answerHistory } from './answer-changes';

/** Earlier changes listed under the current answers. */
const CHANGES = 5;

function Values({ values, sign }: { values: string[]; sign: '+' | '−' }) {
  const tone = sign === '+' ? 'text-accent' : 'text-danger';
  return values.map((value) => (
    <li key={`${sign}${value}`} className={`font-mono text-xs break-all ${tone}`}>
      {sign} {value}
    </li>
  ));
}

function Change({ change, timeZone }: { change: AnswerChange; timeZone: string }) {
  const from = change.from ?? [];
  return (
    <li className="flex flex-col gap-1 py-2 sm:flex-row sm:gap-4">
      <span className="shrink-0 text-sm text-muted tabular-nums sm:w-48">
        {formatDateTime(change.at, timeZone)}
      </span>
      <ul>
        <Values values={from.filter((value) => !change.to.includes(value))} sign="−" />
        <Values values={change.to.filter((value) => !from.includes(value))} sign="+" />
      </ul>
    </li>
  );
}

/** Why no answer set is shown: still loading, no check yet, or checks whose lookups failed. */
function unanswered(pending: boolean, results: readonly CheckResult[]): string {
  if (pending) return 'Loading the latest answers…';
  const [latest] = results;
  if (!latest) return 'No answers yet. The first check runs shortly.';
  const checks = results.length === 1 ? 'check' : formatCount(results.length, 'check', 'checks');
  return `No answer in the last ${checks}.${latest.failure ? ` ${latest.failure.message}` : ''}`;
}

/** A DNS monitor's overview facts: what the name resolves to now, and when that last changed. */
export function DnsPanel({ monitor }: { monitor: MonitorOf<'dns'> }) {
  const { results, pending } = useRecentResults(monitor.id);
  const timeZone = useTimeZone();
  const { current, changes } = answerHistory(results);
  const [latest] = changes;
  const earlier = changes.filter((change) => change.from !== null).slice(0, CHANGES);
  return (
    <Card>
      <CardHeader>
        <CardTitle>DNS answers</CardTitle>
        <CardDescription>
          {monitor.recordType} records of <span className="font-mono">{monitor.hostname}</span> from{' '}
          {monitor.resolver ? <span className="font-mono">{monitor.resolver}</span> : 'the system resolver'}.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {current === null ? (
          <p className="text-sm text-muted">{unanswered(pending, results)}</p>
        ) : (
          <div>
            <h3 className="text-sm font-medium">Current answers</h3>
            {current.answers.length === 0 ? (
              <p className="text-sm text-muted">No records.</p>
            ) : (
              <ul aria-label="Current answers" className="mt-1 flex flex-col gap-0.5">
                {current.answers.map((answer) => (
                  <li key={answer} className="font-mono text-sm break-all">
                    {answer}
                  </li>
                ))}
              </ul>
            )}
            {latest ? (
              <p className="mt-2 text-xs text-muted">
                {latest.from === null
                  ? `Unchanged in every check shown here, since ${formatDateTime(latest.at, timeZone)}.`
                  : `Changed at ${formatDateTime(latest.at, timeZone)}.`}
              </p>
            ) : null}
          </div>
        )}
        {earlier.length > 0 ? (
          <div>
            <h3 className="text-sm font-medium">Answer set changes</h3>
            <ul aria-label="Answer set changes" className="divide-y divide-border">
              {earlier.map((change) => (
                <Change key={change.at} change={change} timeZone={timeZone} />
              ))}
            </ul>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
