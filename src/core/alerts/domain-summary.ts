// The words of domain expiry warnings (domain.expiring): a warning, not downtime, so they read as
// such in every channel. summarise() in alert-summary.ts hands this kind here.
import type { AlertEvent, DomainAlertFacts } from './alert-event.ts';

export interface DomainSummaryParts {
  tone: 'warning';
  tag: string;
  titleDetail: string;
  headline: string;
  detail: string;
  facts: [string, string][];
}

const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

const plural = (days: number) => `${days} day${days === 1 ? '' : 's'}`;

export function summariseDomain(event: AlertEvent, d: DomainAlertFacts): DomainSummaryParts {
  const when = d.daysRemaining <= 0 ? 'today' : `in ${plural(d.daysRemaining)}`;
  const on = dateFormat.format(d.expiresAt);
  const facts: [string, string][] = [
    ['Domain', d.domain],
    ['Expires', `${on} (${plural(d.daysRemaining)} left)`],
  ];
  if (d.registrar) facts.push(['Registrar', d.registrar]);
  return {
    tone: 'warning',
    tag: 'Domain expiring',
    titleDetail: `${d.domain} expires ${when}`,
    headline: `The domain ${d.domain} of ${event.monitor.name} expires ${when}.`,
    detail: `Its registration runs out on ${on}. Renew it${d.registrar ? ` with ${d.registrar}` : ''} before then; once it lapses the site and its mail stop working. The monitor stays up until then.`,
    facts,
  };
}
