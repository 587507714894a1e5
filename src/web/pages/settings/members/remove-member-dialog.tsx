import { useState } from 'react';
import type { KeysOnRemoval, Member } from '../../../../core/api/workspaces';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';

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
  return (
    <Dialog open={member !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {member ? (
        <DialogContent
          title={`Remove ${member.name}?`}
          description="They lose access to this workspace at once, in every open tab."
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
          <div className="mt-4 flex justify-end gap-2">
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button variant="danger" disabled={pending} onClick={() => onRemove(member.userId, apiKeys)}>
              {pending ? 'Removing…' : 'Remove member'}
            </Button>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
