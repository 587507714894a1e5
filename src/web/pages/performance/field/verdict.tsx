import { CircleCheck, CircleX } from 'lucide-react';
import type { FieldRange } from '../../../../core/api/field';
import { cn } from '../../../lib/cn';
import { coreWebVitalsVerdict, FIELD_SHORT, type FieldMetrics } from './field-format';
import { RANGE_WORDS } from './range-picker';

/** "Passes Core Web Vitals" when LCP, INP and CLS are good at p75 over the range; nothing without data. */
export function Verdict({ metrics, range }: { metrics: FieldMetrics; range: FieldRange }) {
  const verdict = coreWebVitalsVerdict(metrics);
  if (!verdict) return null;
  const Icon = verdict.passes ? CircleCheck : CircleX;
  const without = verdict.unmeasured.map((metric) => FIELD_SHORT[metric]).join(' and ');
  return (
    <div className="flex flex-col gap-0.5">
      <p
        className={cn(
          'flex items-center gap-2 text-base font-semibold',
          verdict.passes ? 'text-accent' : 'text-danger',
        )}
      >
        <Icon className="size-5 shrink-0" aria-hidden />
        {verdict.passes ? 'Passes Core Web Vitals' : 'Fails Core Web Vitals'}
      </p>
      <p className="text-xs text-muted">
        LCP, INP and CLS at the 75th percentile over the {RANGE_WORDS[range]}
        {without
          ? `; ${without} not measured yet, so judged without ${verdict.unmeasured.length > 1 ? 'them' : 'it'}`
          : ''}
        .
      </p>
    </div>
  );
}
