import { TriangleAlert } from 'lucide-react';
import type { WebhookProvider } from '../../../../core/api/deployments';
import { Button } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { WEBHOOK_NAMES } from './webhook-steps';

export interface ShownSecret {
  provider: WebhookProvider;
  secret: string;
}

/** The one moment a generated webhook secret is on screen: closing the dialog forgets it. */
export function WebhookSecretDialog({ shown, onClose }: { shown: ShownSecret | null; onClose(): void }) {
  const label = shown ? WEBHOOK_NAMES[shown.provider] : '';
  return (
    <Dialog open={shown !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {shown ? (
        <DialogContent
          title={`${label} webhook secret`}
          description={`Paste it as the webhook's secret at ${shown.provider === 'netlify' ? 'Netlify (JWS secret token)' : 'GitHub (Secret)'}.`}
          className="max-w-lg"
        >
          <div className="flex flex-col gap-4">
            <p className="flex gap-2 rounded-ui border border-amber-500/40 bg-amber-500/10 p-3 text-sm">
              <TriangleAlert className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden />
              Copy this secret now. You won't see it again: Upwatch stores it encrypted and never shows it.
            </p>
            <div className="flex items-center gap-2">
              <code
                data-testid="webhook-secret"
                className="min-w-0 flex-1 rounded-ui border border-border bg-surface px-3 py-2 font-mono text-sm break-all select-all"
              >
                {shown.secret}
              </code>
              <CopyButton text={shown.secret} label="webhook secret" />
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
