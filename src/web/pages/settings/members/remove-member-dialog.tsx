import { useState } from 'react';
import type { KeysOnRemoval, Member } from '../../../../core/api/workspaces';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

const CHOICES: { value: KeysOnRemoval; label: string; hint: string }[] = [
  { value: 'revoke', label: 'Revoke their API keys', hint: 'Scripts using them are refused at once.' },
  {
    value: 'hand_over',
    label: 'Hand their API keys to the owner',
    hint: 'They keep working, as the owner’s. Anyone who has a copy can still use them.',
  },
];

/** Removing a member asks what becomes of their API keys: revoked unless handed to the owner. */
export function RemoveMemberDialog({
  member,
  pending,
  onRemove,
  onClose,
}: {
  member: Member | null;
  pending: boolean;
  onRemove(userId: string, apiKeys: KeysOnRemoval): void;
  onClose(): void;
}) {
  const [apiKeys, setApiKeys] = useState<KeysOnRemoval>('revoke');
  if (!member) return null;
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Remove ${member.name}?`}
      description="They lose access to this workspace at once, in every open tab."
      confirmLabel="Remove member"
      pendingLabel="Removing…"
      tone="destructive"
      pending={pending}
      onConfirm={() => onRemove(member.userId, apiKeys)}
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">Their API keys</legend>
        {CHOICES.map((choice) => (
          <label key={choice.value} className="flex items-start gap-2 text-sm">
            <input
              type="radio"
              name="remove-member-keys"
              value={choice.value}
              checked={apiKeys === choice.value}
              onChange={() => setApiKeys(choice.value)}
              className="mt-1"
            />
            <span>
              {choice.label}
              <span className="block text-muted">{choice.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
    </ConfirmDialog>
  );
}
