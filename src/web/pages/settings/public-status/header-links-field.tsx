import { Plus, X } from 'lucide-react';
import { type HeaderLink, MAX_HEADER_LINKS } from '../../../../core/api/status-page-extras';
import { Button } from '../../../components/ui/button';
import { Input, Label } from '../../../components/ui/input';

/** Up to five links shown in the public page's header, each a label and an address. */
export function HeaderLinksField({
  value,
  error,
  onChange,
}: {
  value: HeaderLink[];
  error?: string;
  onChange: (links: HeaderLink[]) => void;
}) {
  const change = (index: number, patch: Partial<HeaderLink>) =>
    onChange(value.map((link, at) => (at === index ? { ...link, ...patch } : link)));
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby="status-page-links-hint">
      <legend className="mb-1.5 text-sm font-medium">Header links</legend>
      {value.map((link, index) => (
        // Rows have no identity of their own; their place is what the form edits.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <div key={index} className="grid grid-cols-[1fr_auto] gap-2 sm:grid-cols-[10rem_1fr_auto]">
          <Label htmlFor={`status-page-link-label-${index}`} className="sr-only">
            Label of link {index + 1}
          </Label>
          <Input
            id={`status-page-link-label-${index}`}
            value={link.label}
            onChange={(event) => change(index, { label: event.target.value })}
            placeholder="Support"
            maxLength={40}
            className="col-span-2 sm:col-span-1"
          />
          <Label htmlFor={`status-page-link-url-${index}`} className="sr-only">
            Address of link {index + 1}
          </Label>
          <Input
            id={`status-page-link-url-${index}`}
            type="url"
            inputMode="url"
            value={link.url}
            onChange={(event) => change(index, { url: event.target.value })}
            placeholder="https://example.com/support"
            className="font-mono"
          />
          <Button
            size="icon"
            variant="ghost"
            aria-label={`Remove link ${index + 1}`}
            onClick={() => onChange(value.filter((_, at) => at !== index))}
          >
            <X className="size-4" aria-hidden />
          </Button>
        </div>
      ))}
      {error ? <p className="text-sm text-danger">{error}</p> : null}
      <p id="status-page-links-hint" className="text-xs text-muted">
        Up to {MAX_HEADER_LINKS} links beside the page's title, such as your website or support.
      </p>
      {value.length < MAX_HEADER_LINKS ? (
        <Button
          size="sm"
          variant="secondary"
          className="self-start"
          onClick={() => onChange([...value, { label: '', url: '' }])}
        >
          <Plus className="size-4" aria-hidden />
          Add link
        </Button>
      ) : null}
    </fieldset>
  );
}
