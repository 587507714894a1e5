import { TriangleAlert } from 'lucide-react';
import type { CreatedApiKey } from '../../../../core/api/api-keys';
import { Button } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';

/** The one moment the full key is on screen: closing the dialog forgets it. */
export function KeyCreatedDialog({ created, onClose }: { created: CreatedApiKey | null; onClose(): void }) {
  return (
    <Dialog open={created !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {created ? (
        <DialogContent
          title={`API key “${created.name}” created`}
          description="Use it as Authorization: Bearer <key> on /api/v1."
          className="max-w-lg"
        >
          <div className="flex flex-col gap-4">
            <p className="flex gap-2 rounded-ui border border-amber-500/40 bg-amber-500/10 p-3 text-sm">
              <TriangleAlert className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden />
              Copy this key now. You won't see it again: Upwatch keeps only its hash.
            </p>
            <div className="flex items-center gap-2">
              <code
                data-testid="new-api-key"
                className="min-w-0 flex-1 rounded-ui border border-border bg-surface px-3 py-2 font-mono text-sm break-all select-all"
              >
                {created.key}
              </code>
              <CopyButton text={created.key} label="API key" />
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
