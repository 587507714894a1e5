import { ArrowDown, ArrowUp, Plus, X } from 'lucide-react';
import { MAX_SECTIONS_PER_STATUS_PAGE } from '../../../../core/api/status-page-sections';
import { Button } from '../../../components/ui/button';
import { Input, Label } from '../../../components/ui/input';
import { Checkbox } from '../../monitors/form/form-field';
import { type FormSection, move, newSection } from './form-values';

function SectionRow({
  section,
  index,
  count,
  onChange,
  onMove,
  onRemove,
}: {
  section: FormSection;
  index: number;
  count: number;
  onChange: (section: FormSection) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const id = `status-page-section-${section.key}`;
  const title = section.name.trim() || `section ${index + 1}`;
  return (
    <li className="flex flex-col gap-3 py-3">
      <div className="flex flex-wrap items-end gap-2 sm:flex-nowrap">
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <Label htmlFor={`${id}-name`}>Section {index + 1} name</Label>
          <Input
            id={`${id}-name`}
            value={section.name}
            maxLength={100}
            placeholder="Core services"
            onChange={(event) => onChange({ ...section, name: event.target.value })}
          />
        </div>
        <div className="flex gap-1">
          <Button
            size="icon"
            variant="ghost"
            disabled={index === 0}
            onClick={() => onMove(-1)}
            aria-label={`Move ${title} up`}
          >
            <ArrowUp className="size-4" aria-hidden />
          </Button>
          <Button
            size="icon"
            variant="ghost"
            disabled={index === count - 1}
            onClick={() => onMove(1)}
            aria-label={`Move ${title} down`}
          >
            <ArrowDown className="size-4" aria-hidden />
          </Button>
          <Button size="icon" variant="ghost" onClick={onRemove} aria-label={`Remove ${title}`}>
            <X className="size-4" aria-hidden />
          </Button>
        </div>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-description`}>Section {index + 1} description</Label>
        <Input
          id={`${id}-description`}
          value={section.description}
          maxLength={500}
          placeholder="Optional: what these monitors do"
          onChange={(event) => onChange({ ...section, description: event.target.value })}
        />
      </div>
      <Checkbox
        id={`${id}-collapsed`}
        label={`Fold section ${index + 1} at first`}
        hint="Visitors see its name and state, and open it to see its monitors."
        checked={section.collapsed}
        onChange={(collapsed) => onChange({ ...section, collapsed })}
      />
    </li>
  );
}

/**
 * The page's sections in display order: headings that group monitors (each monitor's section is
 * chosen in the monitor list), with an optional description, folded or open at first.
 */
export function SectionEditor({
  value,
  onChange,
  error,
}: {
  value: FormSection[];
  onChange: (sections: FormSection[]) => void;
  error?: string;
}) {
  const full = value.length >= MAX_SECTIONS_PER_STATUS_PAGE;
  return (
    <fieldset
      className="flex flex-col gap-2"
      aria-describedby={error ? 'status-page-sections-error' : undefined}
    >
      <legend className="text-sm font-medium">Sections</legend>
      <p className="text-xs text-muted">
        Group monitors under headings, each showing the state of its monitors. Monitors in no section are
        listed first.
      </p>
      {value.length > 0 ? (
        <ol aria-label="Sections on this page" className="divide-y divide-border">
          {value.map((section, index) => (
            <SectionRow
              key={section.key}
              section={section}
              index={index}
              count={value.length}
              onChange={(changed) => onChange(value.map((item, at) => (at === index ? changed : item)))}
              onMove={(by) => onChange(move(value, index, index + by))}
              onRemove={() => onChange(value.filter((_, at) => at !== index))}
            />
          ))}
        </ol>
      ) : null}
      <div>
        <Button variant="secondary" disabled={full} onClick={() => onChange([...value, newSection()])}>
          <Plus className="size-4" aria-hidden />
          Add section
        </Button>
      </div>
      {error ? (
        <p id="status-page-sections-error" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
