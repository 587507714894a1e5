// The http form's assertions: rows of (JSON path or header, operator, value), their conversion to
// and from the API's typed values, and the "Assertion N (field): message" wording of their errors.
import { Plus, X } from 'lucide-react';
import {
  ASSERTION_OPERATORS,
  type AssertionOperator,
  type HttpAssertion,
  MAX_ASSERTIONS,
} from '../../../../../core/api/monitor-kinds/http-assertions';
import { Button } from '../../../../components/ui/button';
import { Input, Label, NativeSelect } from '../../../../components/ui/input';
import { rowEdits } from './row-edits';

export interface AssertionRow {
  id: number;
  source: 'json' | 'header';
  /** The JSON path or the header name. */
  target: string;
  operator: AssertionOperator;
  /** As typed: JSON values read as such (200, true, null, "200"), anything else as text. */
  value: string;
}

type Scalar = string | number | boolean | null;
const NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;
const FIELD_LABELS: Record<string, string> = {
  path: 'path',
  name: 'header',
  operator: 'operator',
  value: 'value',
};
const OPERATOR_LABELS: Record<AssertionOperator, string> = {
  '==': 'equals (==)',
  '!=': 'differs (!=)',
  '<': 'less than (<)',
  '>': 'greater than (>)',
  contains: 'contains',
  exists: 'exists',
};

/** A typed value from what was typed: 200 a number, true/false/null themselves, "200" text. */
function typedValue(text: string): Scalar {
  const trimmed = text.trim();
  if (trimmed === 'true') return true;
  if (trimmed === 'false') return false;
  if (trimmed === 'null') return null;
  if (NUMBER.test(trimmed)) return Number(trimmed);
  if (trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')) {
    try {
      return JSON.parse(trimmed) as string;
    } catch {
      return text;
    }
  }
  return text;
}

/** The text that reads back as the value: text that would read as something else is quoted. */
function valueText(source: AssertionRow['source'], value: Scalar | undefined): string {
  if (value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  return source === 'json' && (value === '' || typedValue(value) !== value) ? JSON.stringify(value) : value;
}

function sentValue(row: AssertionRow): Scalar | undefined {
  if (row.operator === 'exists') return undefined;
  if (row.operator === '<' || row.operator === '>') {
    return NUMBER.test(row.value.trim()) ? Number(row.value) : row.value === '' ? undefined : row.value;
  }
  if (row.source === 'header') return row.value === '' ? undefined : row.value;
  return row.value.trim() === '' ? undefined : typedValue(row.value);
}

export function assertionRowsOf(assertions: readonly HttpAssertion[]): AssertionRow[] {
  return assertions.map((assertion, id) => ({
    id,
    source: assertion.source,
    target: assertion.source === 'json' ? assertion.path : assertion.name,
    operator: assertion.operator,
    value: valueText(assertion.source, assertion.value),
  }));
}

export function assertionsPayload(rows: readonly AssertionRow[]): unknown[] {
  return rows.map((row) => {
    const value = sentValue(row);
    return {
      source: row.source,
      [row.source === 'json' ? 'path' : 'name']: row.target,
      operator: row.operator,
      ...(value === undefined ? {} : { value }),
    };
  });
}

/** An error about `assertions.N.field` worded for the form: "Assertion 2 (value): Enter a value…". */
export function assertionMessage(path: readonly PropertyKey[], message: string): string {
  const [, index, field] = path;
  if (typeof index !== 'number') return message;
  const label = typeof field === 'string' ? FIELD_LABELS[field] : undefined;
  return `Assertion ${index + 1}${label ? ` (${label})` : ''}: ${message}`;
}

/** The row and input an error names, read back from assertionMessage's wording. */
function blamed(error: string | undefined): { index: number; label: string | undefined } | null {
  const match = error ? /^Assertion (\d+)(?: \((\w+)\))?:/.exec(error) : null;
  return match ? { index: Number(match[1]) - 1, label: match[2] } : null;
}

export function AssertionsEditor({
  rows,
  onChange,
  error,
}: {
  rows: AssertionRow[];
  onChange: (rows: AssertionRow[]) => void;
  error?: string;
}) {
  const edits = rowEdits(rows, onChange);
  const update = edits.update;
  const add = () => edits.add({ source: 'json', target: '', operator: '==', value: '' });
  const blame = blamed(error);
  const invalid = (index: number, label: string) =>
    blame?.index === index && (blame.label ?? 'path') === label
      ? ({ 'aria-invalid': true, 'aria-describedby': 'monitor-assertions-error' } as const)
      : {};

  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1.5 text-sm font-medium">Assertions</legend>
      <p className="text-xs text-muted">
        Checked after the status and keyword. Values are typed: 200 is a number, "200" is text; true, false
        and null too. Paths look like $.status, data.items[0].id or items.length.
      </p>
      {rows.map((row, index) => {
        const n = index + 1;
        const targetLabel = row.source === 'json' ? 'path' : 'header';
        return (
          <div key={row.id} className="grid grid-cols-[8rem_1fr] gap-2 sm:grid-cols-[8rem_1fr_9rem_1fr_auto]">
            <Label htmlFor={`assertion-source-${row.id}`} className="sr-only">
              Assertion {n} source
            </Label>
            <NativeSelect
              id={`assertion-source-${row.id}`}
              value={row.source}
              onChange={(event) => update(row.id, { source: event.target.value as AssertionRow['source'] })}
            >
              <option value="json">JSON body</option>
              <option value="header">Header</option>
            </NativeSelect>
            <Label htmlFor={`assertion-target-${row.id}`} className="sr-only">
              Assertion {n} {targetLabel}
            </Label>
            <Input
              id={`assertion-target-${row.id}`}
              {...invalid(index, targetLabel)}
              placeholder={row.source === 'json' ? '$.status' : 'x-cache'}
              value={row.target}
              onChange={(event) => update(row.id, { target: event.target.value })}
              className="font-mono"
            />
            <Label htmlFor={`assertion-operator-${row.id}`} className="sr-only">
              Assertion {n} operator
            </Label>
            <NativeSelect
              id={`assertion-operator-${row.id}`}
              {...invalid(index, 'operator')}
              value={row.operator}
              onChange={(event) => update(row.id, { operator: event.target.value as AssertionOperator })}
            >
              {ASSERTION_OPERATORS.map((operator) => (
                <option key={operator} value={operator}>
                  {OPERATOR_LABELS[operator]}
                </option>
              ))}
            </NativeSelect>
            <Label htmlFor={`assertion-value-${row.id}`} className="sr-only">
              Assertion {n} value
            </Label>
            <Input
              id={`assertion-value-${row.id}`}
              {...invalid(index, 'value')}
              placeholder={row.operator === 'exists' ? '—' : row.source === 'json' ? '"ok"' : 'HIT'}
              disabled={row.operator === 'exists'}
              value={row.operator === 'exists' ? '' : row.value}
              onChange={(event) => update(row.id, { value: event.target.value })}
              className="font-mono"
            />
            <Button
              variant="ghost"
              size="icon"
              className="shrink-0"
              aria-label={`Remove assertion ${n}`}
              onClick={() => edits.remove(row.id)}
            >
              <X className="size-4" aria-hidden />
            </Button>
          </div>
        );
      })}
      {error ? (
        <p id="monitor-assertions-error" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      <div>
        <Button variant="secondary" size="sm" onClick={add} disabled={rows.length >= MAX_ASSERTIONS}>
          <Plus className="size-4" aria-hidden />
          Add assertion
        </Button>
      </div>
    </fieldset>
  );
}
