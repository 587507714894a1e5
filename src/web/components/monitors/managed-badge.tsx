import { FileCode } from 'lucide-react';

export const MANAGED_PILL =
  'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap ' +
  'border-sky-500/30 bg-sky-500/10 text-sky-700 dark:text-sky-300';

/** A monitor that `upwatch apply` manages: the file is where it should be changed. */
export function ManagedBadge({ managedKey }: { managedKey: string | null }) {
  if (!managedKey) return null;
  return (
    <span
      className={MANAGED_PILL}
      title={`Key "${managedKey}" in upwatch.yaml: the next upwatch apply overwrites changes made here.`}
    >
      <FileCode className="size-3" aria-hidden />
      Managed by upwatch.yaml
    </span>
  );
}
