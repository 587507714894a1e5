// The words of certificate alerts (ssl.*): warnings, not downtime, so they read as such in
// every channel. summarise() in alert-summary.ts hands these kinds here.
import type { SslProblemCode } from '../api/ssl.ts';
import type { AlertEvent, SslAlertFacts } from './alert-event.ts';

export interface SslSummaryParts {
  tone: 'warning' | 'up';
  /** The subject's tag, e.g. 'Certificate expiring'. */
  tag: string;
  /** After the monitor name in the subject, e.g. 'certificate expires in 14 days'. */
  titleDetail: string;
  headline: string;
  /** One paragraph: what happened and what to do. */
  detail: string;
  facts: [string, string][];
}

const PROBLEM_TITLES: Record<SslProblemCode, string> = {
  expired: 'expired certificate',
  not_yet_valid: 'certificate not yet valid',
  self_signed: 'self-signed certificate',
  untrusted_root: 'untrusted root',
  incomplete_chain: 'incomplete chain',
  hostname_mismatch: 'hostname mismatch',
  weak_protocol: 'weak protocol',
  weak_key: 'weak key',
};

const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const day = (at: number) => dateFormat.format(at);

/** 'today', 'in 1 day', 'in 14 days'. */
function within(days: number): string {
  if (days <= 0) return 'today';
  return `in ${days} day${days === 1 ? '' : 's'}`;
}

function certificateFacts(c: SslAlertFacts): [string, string][] {
  return [
    ['Certificate', c.subjectCn ?? c.fingerprintSha256],
    ['Issuer', c.issuer],
    ['Expires', `${day(c.validTo)} (${c.daysRemaining} day${c.daysRemaining === 1 ? '' : 's'} left)`],
  ];
}

export function summariseSsl(event: AlertEvent, c: SslAlertFacts): SslSummaryParts {
  const name = event.monitor.name;
  const facts = certificateFacts(c);
  switch (event.kind) {
    case 'ssl.renewed':
      return {
        tone: 'up',
        tag: 'Certificate renewed',
        titleDetail: `certificate renewed, valid until ${day(c.validTo)}`,
        headline: `${name} has a renewed certificate.`,
        detail: `The new certificate is valid until ${day(c.validTo)}${c.previousValidTo ? `; the one it replaced expired on ${day(c.previousValidTo)}` : ''}.`,
        facts,
      };
    case 'ssl.problem': {
      const [first] = c.problems;
      return {
        tone: 'warning',
        tag: 'Certificate problem',
        titleDetail:
          c.problems.length === 1 && first ? first.message : `${c.problems.length} certificate problems`,
        headline: `${name} has a certificate problem.`,
        detail: c.problems.map((problem) => `${problem.message} ${problem.remedy}`).join(' '),
        facts: [...facts, ['Problems', c.problems.map((problem) => PROBLEM_TITLES[problem.code]).join(', ')]],
      };
    }
    case 'ssl.problem_cleared': {
      const titles = c.clearedProblems.map((code) => PROBLEM_TITLES[code]).join(', ');
      return {
        tone: 'up',
        tag: 'Certificate OK',
        titleDetail: `resolved: ${titles}`,
        headline: `${name}'s certificate problem is resolved.`,
        detail: `No longer found: ${titles}.`,
        facts,
      };
    }
    default:
      return {
        tone: 'warning',
        tag: 'Certificate expiring',
        titleDetail: `certificate expires ${within(c.daysRemaining)}`,
        headline: `The certificate of ${name} expires ${within(c.daysRemaining)}.`,
        detail: `It expires on ${day(c.validTo)}. Renew it and deploy it before then; the monitor stays up until it expires.`,
        facts,
      };
  }
}
