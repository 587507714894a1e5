import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { PerformanceSite } from '../../../core/api/performance';
import { FeatureGate } from '../../components/feature-gate';
import { WriteButton, WriteFieldset } from '../../components/role-lock';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { FormError } from '../../components/ui/input';
import { apiSend } from '../../lib/api';
import { performanceKeys, sitePath } from '../../lib/performance';
import { describeBudget } from './budget-rules';
import { type BudgetDraft, BudgetsEditor, fromDrafts, toDrafts } from './budgets-editor';

function BudgetsForm({ site }: { site: PerformanceSite }) {
  const queryClient = useQueryClient();
  const [drafts, setDrafts] = useState<BudgetDraft[]>(() => toDrafts(site.budgets));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (budgets: unknown) => apiSend<PerformanceSite>('PATCH', sitePath(site.id), { budgets }),
    onSuccess: (updated) => {
      queryClient.setQueryData(performanceKeys.site(site.id), updated);
      void queryClient.invalidateQueries({ queryKey: performanceKeys.sites() });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const budgets = fromDrafts(drafts);
    if (typeof budgets === 'string') return setProblem(budgets);
    setProblem(null);
    save.mutate(budgets);
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
      <WriteFieldset>
        <BudgetsEditor value={drafts} onChange={setDrafts} />
      </WriteFieldset>
      <FormError>{problem ?? (save.isError ? save.error.message : null)}</FormError>
      <div className="flex items-center gap-3">
        <WriteButton type="submit" size="sm" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save budgets'}
        </WriteButton>
        {save.isSuccess ? (
          <span role="status" className="text-sm text-accent">
            Budgets saved.
          </span>
        ) : null}
      </div>
    </form>
  );
}

/** The site's budgets and their editor; plans without performance budgets see the gate. */
export function BudgetsCard({ site }: { site: PerformanceSite }) {
  const summary =
    site.budgets.length === 0 ? 'No budgets set.' : site.budgets.map(describeBudget).join(' · ');
  return (
    <Card>
      <CardHeader>
        <CardTitle>Budgets</CardTitle>
        <CardDescription>{summary}</CardDescription>
      </CardHeader>
      <CardContent>
        <FeatureGate gate="performanceBudgets">
          <BudgetsForm key={site.id} site={site} />
        </FeatureGate>
      </CardContent>
    </Card>
  );
}
