import { Link } from '@tanstack/react-router';
import { PLAN_LIST, type Plan } from '../../../../core/plans';
import { upgradeTarget } from '../../../components/gates';
import { NativeSelect } from '../../../components/ui/input';
import { UpgradeCard } from '../../../components/upgrade-card';
import { formatInterval } from '../../../lib/format';
import { usePublicConfig } from '../../../lib/public-config';
import { describedBy, FormField } from './form-field';

const INTERVAL_MINUTES = [1, 2, 3, 5, 10, 15, 30, 60, 180, 360, 720, 1440];
/** Offered only when the server runs in test mode (UPWATCH_TEST_MODE). */
const TEST_MODE_SECONDS = [5, 10, 30];

function label(seconds: number): string {
  const text = formatInterval(seconds);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The cheapest plan that checks this often. */
function planAllowing(minutes: number): Plan | undefined {
  return PLAN_LIST.find((plan) => plan.limits.minCheckIntervalMinutes <= minutes);
}

export function IntervalField({
  plan,
  value,
  onChange,
  error,
}: {
  plan: Plan;
  value: number;
  onChange: (seconds: number) => void;
  error?: string;
}) {
  const minimum = plan.limits.minCheckIntervalMinutes;
  const testMode = usePublicConfig().data?.testMode === true;
  const options = [
    ...(testMode ? TEST_MODE_SECONDS : []),
    ...INTERVAL_MINUTES.map((minutes) => minutes * 60),
  ];
  // A monitor saved with another interval (test-mode seconds, an older plan) keeps showing it.
  if (!options.includes(value)) options.unshift(value);
  const locked = INTERVAL_MINUTES.some((minutes) => minutes < minimum);
  const fastest = PLAN_LIST.at(-1);
  const fastestText = fastest
    ? ` ${fastest.displayName} checks ${formatInterval(fastest.limits.minCheckIntervalMinutes * 60)}.`
    : '';
  // Where the Upgrade card offers a plan it carries the upgrade; elsewhere a link to compare plans.
  const offersCard = locked && upgradeTarget(plan.id) !== null;
  const hint = locked ? (
    <>
      The {plan.displayName} plan checks at most every {minimum} minutes.{fastestText}
      {offersCard ? null : (
        <>
          {' '}
          <Link to="/pricing" className="font-medium text-accent hover:underline">
            Upgrade for faster checks
          </Link>
        </>
      )}
    </>
  ) : undefined;

  return (
    <>
      <FormField id="monitor-interval" label="Check interval" error={error} hint={hint}>
        <NativeSelect
          {...describedBy('monitor-interval', error, hint)}
          value={value}
          onChange={(event) => onChange(Number(event.target.value))}
        >
          {options.map((seconds) => {
            const belowPlan = seconds % 60 === 0 && seconds / 60 < minimum && seconds !== value;
            const needs = belowPlan ? planAllowing(seconds / 60) : undefined;
            return (
              <option key={seconds} value={seconds} disabled={belowPlan}>
                {label(seconds)}
                {needs ? ` — ${needs.displayName} plan` : ''}
              </option>
            );
          })}
        </NativeSelect>
      </FormField>
      {offersCard ? <UpgradeCard trigger="general" compact /> : null}
    </>
  );
}
