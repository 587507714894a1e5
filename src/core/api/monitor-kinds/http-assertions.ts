// HTTP assertions: checks on the JSON body (by path, see core/json-path.ts) and on response
// headers, each comparing one value with an operator. Values are typed: 1 and "1" differ.
import { z } from 'zod';
import { parsePath } from '../../json-path.ts';

export const ASSERTION_OPERATORS = ['==', '!=', '<', '>', 'contains', 'exists'] as const;
export type AssertionOperator = (typeof ASSERTION_OPERATORS)[number];
export const ASSERTION_SOURCES = ['json', 'header'] as const;
export const MAX_ASSERTIONS = 20;
/** A header name as HTTP allows it (a token): no spaces or separators. */
export const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

const operator = z.enum(ASSERTION_OPERATORS, {
  error: `Choose an operator: ${ASSERTION_OPERATORS.join(', ')}.`,
});
const value = z
  .union(
    [z.string().max(1000, 'Values are limited to 1000 characters.'), z.number(), z.boolean(), z.null()],
    {
      error: 'Enter text, a number, true, false or null.',
    },
  )
  .optional()
  .meta({ description: 'Compared typed: 1 and "1" differ. Absent for exists.' });

const jsonPath = z
  .string()
  .trim()
  .superRefine((path, ctx) => {
    const parsed = parsePath(path);
    if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.error });
  })
  .meta({ description: 'A path such as $.status, data.items[0].id or items.length' });

/** What each operator needs as its value; header values are text, and < and > compare numbers. */
function valueFits(
  assertion: { source: 'json' | 'header'; operator: AssertionOperator; value?: unknown },
  ctx: z.RefinementCtx,
): void {
  const issue = (message: string) => ctx.addIssue({ code: 'custom', path: ['value'], message });
  const { operator, value } = assertion;
  if (operator === 'exists') {
    if (value !== undefined) issue('exists takes no value.');
  } else if (value === undefined) {
    issue('Enter a value to compare with.');
  } else if (operator === '<' || operator === '>') {
    if (typeof value !== 'number') issue(`${operator} compares numbers: enter a number.`);
  } else if (assertion.source === 'header' && typeof value !== 'string') {
    issue('Header values are text: enter the value as a string.');
  }
}

const jsonAssertionSchema = z
  .object({ source: z.literal('json'), path: jsonPath, operator, value })
  .superRefine(valueFits)
  .meta({ id: 'HttpJsonAssertion' });

const headerAssertionSchema = z
  .object({
    source: z.literal('header'),
    name: z
      .string()
      .trim()
      .min(1, 'Enter a header name.')
      .regex(HEADER_NAME, 'Header names may not contain spaces or separators.'),
    operator,
    value,
  })
  .superRefine(valueFits)
  .meta({ id: 'HttpHeaderAssertion' });

export const assertionSchema = z
  .discriminatedUnion('source', [jsonAssertionSchema, headerAssertionSchema], {
    error: `source must be one of ${ASSERTION_SOURCES.join(', ')}.`,
  })
  .meta({ id: 'HttpAssertion' });
export type HttpAssertion = z.infer<typeof assertionSchema>;

export const assertionsSchema = z
  .array(assertionSchema)
  .max(MAX_ASSERTIONS, `At most ${MAX_ASSERTIONS} assertions.`)
  .meta({ description: 'Checked in order after the status and keyword; the first that fails is reported' });
