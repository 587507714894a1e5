import { TriangleAlert } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';

export interface OnceSecret {
  title: string;
  description: string;
  /** Why it must be copied now: what Upwatch keeps instead of it. */
  warning: string;
  value: string;
  testId: string;
  copyLabel: string;
}

/** The one moment a secret is on screen: closing the dialog forgets it. */
export function SecretOnceDialog({ shown, onClose }: { shown: OnceSecret | null; onClose(): void }) {
  return (
    <Dialog open={shown !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {shown ? (
        <DialogContent title={shown.title} description={shown.description} className="max-w-lg">
          <div className="flex flex-col gap-4">
            <p className="flex gap-2 rounded-ui border border-amber-500/40 bg-amber-500/10 p-3 text-sm">
              <TriangleAlert className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden />
              {shown.warning}
            </p>
            <div className="flex items-center gap-2">
              <code
                data-testid={shown.testId}
                className="min-w-0 flex-1 rounded-ui border border-border bg-surface px-3 py-2 font-mono text-sm break-all select-all"
              >
                {shown.value}
              </code>
              <CopyButton text={shown.value} label={shown.copyLabel} />
            </div>
            <div className="flex justify-end">
              <DialogClose asChild>
                <Button>Done</Button>
              </DialogClose>
            </div>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
