import { Link } from '@tanstack/react-router';
import { ArrowRight, Gauge, GitBranch, Globe, type LucideIcon, ShieldCheck, Siren, Zap } from 'lucide-react';
import { formatCurrency, PLAN_LIST, PLANS } from '../../../core/plans';
import { Button } from '../../components/ui/button';
import { CiExample } from './ci-example';
import { DashboardPreview } from './dashboard-preview';

const FEATURES: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: Zap,
    title: 'Uptime checks',
    text: 'HTTP monitors with DNS, connect, TLS and first-byte timings on every check.',
  },
  {
    icon: ShieldCheck,
    title: 'SSL certificates',
    text: 'Expiry, chain and hostname checks before your visitors see a warning.',
  },
  {
    icon: Gauge,
    title: 'Core Web Vitals',
    text: 'Lab runs against performance budgets, so regressions get caught, not shipped.',
  },
  {
    icon: Siren,
    title: 'Incidents',
    text: 'Timelines, notes and resolutions that open and close themselves.',
  },
  {
    icon: GitBranch,
    title: 'Deployments',
    text: 'GitHub Actions, Vercel and Netlify deploys next to the graphs they affect.',
  },
  {
    icon: Globe,
    title: 'Status pages',
    text: 'Public pages per group or per monitor, so customers stop asking.',
  },
];

export function LandingPage() {
  const free = PLANS.free.limits;
  return (
    <>
      <section className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-16 pb-20 sm:px-6 lg:grid-cols-2 lg:pt-24">
        <div>
          <p className="inline-flex rounded-full border border-accent/30 bg-accent-soft px-3 py-1 text-xs font-medium text-accent">
            Uptime · SSL · Web Vitals · Incidents
          </p>
          <h1 className="mt-5 text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            Monitoring that doesn't suck
          </h1>
          <p className="mt-5 max-w-xl text-lg text-muted">
            Know when your site is down, slow or about to lose its certificate — and which deploy did it.
          </p>
          <p className="mt-3 font-medium">
            {free.monitorsMax} monitors free, no credit card required, setup in 30 seconds
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Button asChild size="lg">
              <Link to="/signup">
                Start monitoring free
                <ArrowRight className="size-4" aria-hidden />
              </Link>
            </Button>
            <Button asChild size="lg" variant="secondary">
              <Link to="/pricing">See pricing</Link>
            </Button>
          </div>
          <p className="mt-4 text-sm text-muted">
            Already have an account?{' '}
            <Link to="/signin" className="font-medium text-accent hover:underline">
              Sign in
            </Link>
          </p>
        </div>
        <DashboardPreview />
      </section>

      <section className="border-y border-border bg-surface">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
          <h2 className="text-2xl font-semibold tracking-tight sm:text-3xl">Everything a small team needs</h2>
          <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-ui border border-border bg-bg p-5">
                <Icon className="size-5 text-accent" aria-hidden />
                <h3 className="mt-3 font-semibold">{title}</h3>
                <p className="mt-1 text-sm text-muted">{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-16 sm:px-6 lg:grid-cols-[2fr_3fr]">
        <div>
          <h2 className="text-2xl font-semibold tracking-tight sm:text-3xl">Tell Upwatch you shipped</h2>
          <p className="mt-3 text-muted">
            One request from CI records the version and re-checks your monitors right away, so a bad deploy
            shows up in minutes with its version attached.
          </p>
        </div>
        <CiExample />
      </section>

      <section className="mx-auto max-w-6xl px-4 pb-20 sm:px-6">
        <div className="grid gap-4 rounded-ui border border-border p-6 sm:grid-cols-3 sm:p-8">
          {PLAN_LIST.map((plan) => (
            <div key={plan.id}>
              <p className="font-semibold">
                {plan.displayName}{' '}
                <span className="font-normal text-muted">{formatCurrency(plan.monthlyPrice)}/month</span>
              </p>
              <p className="mt-1 text-sm text-muted">
                {plan.limits.monitorsMax} monitors, checks every {plan.limits.minCheckIntervalMinutes} min,{' '}
                {plan.limits.retentionDays.checks}-day history
              </p>
            </div>
          ))}
          <div className="sm:col-span-3">
            <Link
              to="/pricing"
              className="inline-flex items-center gap-1 text-sm font-medium text-accent hover:underline"
            >
              Compare plans <ArrowRight className="size-4" aria-hidden />
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
