// Kuma 2.x DNS `conditions` → Upwatch's DNS expectations. Kuma keeps a list of rules
// (`{ type: 'expression', andOr, variable: 'record', operator, value }`, or a `group` of them with
// `children`) and is up when some answer meets them. Upwatch's `any` is exactly "some answer equals
// one of these", so rules that are all `record equals …` joined by `or` map to it; any other rule
// would change what the check reports, so the monitor is skipped and the rule named.
import type { DnsMatch } from '../../core/api/monitor-kinds/dns.ts';
import { jsonInputProblem, MAX_JSON_DEPTH } from '../platform/http/json-input.ts';

interface Rule {
  type?: unknown;
  andOr?: unknown;
  variable?: unknown;
  operator?: unknown;
  value?: unknown;
  children?: unknown;
}

export interface DnsExpectations {
  match: DnsMatch;
  expected: string[];
  note?: string;
}

/** Every expression, with the joins between them; null when a group is not a list. */
function flatten(rules: unknown[]): Rule[] | null {
  const out: Rule[] = [];
  for (const rule of rules as Rule[]) {
    if (rule?.type === 'group') {
      if (!Array.isArray(rule.children)) return null;
      const inner = flatten(rule.children);
      if (!inner) return null;
      // The group's own join stands for its first child's.
      const [first, ...rest] = inner;
      if (first) out.push({ ...first, andOr: rule.andOr }, ...rest);
    } else out.push(rule);
  }
  return out;
}

const describe = (rule: Rule) =>
  `${String(rule.variable)} ${String(rule.operator)} "${String(rule.value ?? '')}"`;

export function dnsExpectations(conditions: string | unknown[] | null | undefined): DnsExpectations | string {
  let rules: unknown;
  try {
    rules = typeof conditions === 'string' ? JSON.parse(conditions || '[]') : (conditions ?? []);
  } catch {
    return 'Its DNS conditions are not JSON.';
  }
  if (!Array.isArray(rules)) return 'Its DNS conditions are not a list of rules.';
  // Groups are read recursively: a text nested thousands deep would overflow the stack.
  if (jsonInputProblem(rules)?.code === 'too_deeply_nested') {
    return `Its DNS conditions nest groups deeper than ${MAX_JSON_DEPTH} levels.`;
  }
  const flat = flatten(rules);
  if (!flat) return 'Its DNS conditions have a group Upwatch cannot read.';
  if (flat.length === 0) return { match: 'resolves', expected: [] };
  const unsupported = flat.find(
    (rule, index) =>
      rule.type !== 'expression' ||
      rule.variable !== 'record' ||
      rule.operator !== 'equals' ||
      typeof rule.value !== 'string' ||
      (index > 0 && rule.andOr !== 'or'),
  );
  if (unsupported) {
    return `Its DNS conditions (${flat.map(describe).join('; ')}) have no Upwatch equivalent: Upwatch can expect an answer to equal one of some values, and without the condition the check would pass where Uptime Kuma's fails.`;
  }
  const expected = [...new Set(flat.map((rule) => String(rule.value)))];
  return {
    match: 'any',
    expected,
    note: `Condition ${flat.map(describe).join(' or ')} kept: an answer must be ${expected.join(' or ')}.`,
  };
}
