import type { PerformanceRun } from '../../../core/api/performance';
import { FormError } from '../../components/ui/input';

const HEADLINES: Record<string, string> = {
  chromium_not_found: 'Chromium is not installed on the Upwatch server',
  timeout: 'The page did not finish loading in time',
};

/** A failed run's reason; the server's message says what to do (how to install Chromium, say). */
export function RunFailure({ error }: { error: NonNullable<PerformanceRun['error']> }) {
  const headline = HEADLINES[error.code] ?? 'The last run failed';
  return <FormError>{`${headline}. ${error.message}`}</FormError>;
}
