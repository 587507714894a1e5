import type { ReactNode } from 'react';
import { Field, Label } from '../../../components/ui/input';

export const TEXTAREA =
  'min-h-24 w-full rounded-ui border border-border bg-bg px-3 py-2 font-mono text-sm shadow-sm ' +
  'focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring';

/** Props that tie an input to its label and to its error or hint, for screen readers. */
export function describedBy(id: string, error?: string, hint?: ReactNode) {
  const ids = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean);
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': ids.length > 0 ? ids.join(' ') : undefined,
  } as const;
}

export function FormField({
  id,
  label,
  error,
  hint,
  className,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Field className={className}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
    </Field>
  );
}

export function Checkbox({
  id,
  label,
  hint,
  checked,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="flex gap-3">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-0.5 size-4 shrink-0 accent-accent"
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      <div>
        <Label htmlFor={id}>{label}</Label>
        {hint ? (
          <p id={`${id}-hint`} className="text-xs text-muted">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}
