import type { CreatedApiKey } from '../../../../core/api/api-keys';
import { SecretOnceDialog } from './secret-once-dialog';

/** The one moment the full key is on screen: closing the dialog forgets it. */
export function KeyCreatedDialog({ created, onClose }: { created: CreatedApiKey | null; onClose(): void }) {
  const shown = created && {
    title: `API key “${created.name}” created`,
    description: 'Use it as Authorization: Bearer <key> on /api/v1.',
    warning: "Copy this key now. You won't see it again: Upwatch keeps only its hash.",
    value: created.key,
    testId: 'new-api-key',
    copyLabel: 'API key',
  };
  return <SecretOnceDialog shown={shown} onClose={onClose} />;
}
