import { Plus, X } from 'lucide-react';
import { Button } from '../../../../components/ui/button';
import { Input, Label } from '../../../../components/ui/input';
import type { HeaderRow } from './http-form';
import { rowEdits } from './row-edits';

export function HeadersEditor({
  rows,
  onChange,
  error,
}: {
  rows: HeaderRow[];
  onChange: (rows: HeaderRow[]) => void;
  error?: string;
}) {
  const edits = rowEdits(rows, onChange);
  const update = edits.update;
  const add = () => edits.add({ name: '', value: '' });

  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1.5 text-sm font-medium">Request headers</legend>
      {rows.map((row, index) => (
        <div key={row.id} className="flex gap-2">
          <Label htmlFor={`header-name-${row.id}`} className="sr-only">
            Header {index + 1} name
          </Label>
          <Input
            id={`header-name-${row.id}`}
            placeholder="Authorization"
            value={row.name}
            onChange={(event) => update(row.id, { name: event.target.value })}
            className="font-mono"
          />
          <Label htmlFor={`header-value-${row.id}`} className="sr-only">
            Header {index + 1} value
          </Label>
          <Input
            id={`header-value-${row.id}`}
            placeholder="Bearer …"
            value={row.value}
            onChange={(event) => update(row.id, { value: event.target.value })}
            className="font-mono"
          />
          <Button
            variant="ghost"
            size="icon"
            className="shrink-0"
            aria-label={`Remove header ${index + 1}`}
            onClick={() => edits.remove(row.id)}
          >
            <X className="size-4" aria-hidden />
          </Button>
        </div>
      ))}
      {error ? <p className="text-sm text-danger">{error}</p> : null}
      <div>
        <Button variant="secondary" size="sm" onClick={add}>
          <Plus className="size-4" aria-hidden />
          Add header
        </Button>
      </div>
    </fieldset>
  );
}
