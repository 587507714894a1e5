import type { z } from 'zod';

/** Zod issues sorted onto a form's fields; the first message per field is the one shown. */
export function issuesByField<Field extends string>(
  issues: readonly z.core.$ZodIssue[],
  fieldOf: (key: PropertyKey | undefined) => Field | null,
): { errors: Partial<Record<Field, string>>; form: string | null } {
  const errors: Partial<Record<Field, string>> = {};
  let form: string | null = null;
  for (const issue of issues) {
    const field = fieldOf(issue.path[0]);
    if (field) errors[field] ??= issue.message;
    else form ??= issue.message;
  }
  return { errors, form };
}
