import { AlertTriangle, ShieldCheck } from 'lucide-react';
import type { SslProblem } from '../../../../core/api/ssl';
import { Card, CardHeader, CardTitle } from '../../../components/ui/card';

/** Each problem the check found, what it means and what to do about it. */
export function ProblemsCard({ problems }: { problems: SslProblem[] }) {
  return (
    <Card>
      <CardHeader className="pb-4 sm:pb-4">
        <CardTitle>Problems</CardTitle>
      </CardHeader>
      {problems.length === 0 ? (
        <p className="flex items-center gap-2 px-5 pb-5 text-sm text-muted sm:px-6">
          <ShieldCheck className="size-4 text-accent" aria-hidden />
          No problems found.
        </p>
      ) : (
        <ul aria-label="Problems" className="divide-y divide-border border-t border-border">
          {problems.map((problem) => (
            <li key={problem.code} className="flex gap-3 px-5 py-3 sm:px-6">
              <AlertTriangle className="mt-0.5 size-4 shrink-0 text-danger" aria-hidden />
              <div>
                <p className="font-medium">{problem.message}</p>
                <p className="mt-0.5 text-sm text-muted">{problem.remedy}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
