import { useSuspenseQuery } from '@tanstack/react-query';
import { sessionQueryOptions } from '../../lib/session';
import { ChangePasswordCard } from './change-password-card';
import { DeleteAccountCard } from './delete-account-card';
import { DigestSettingsCard } from './digests/digest-settings-card';
import { ProfileCard } from './profile-card';
import { TwoFactorCard } from './two-factor-card';

export function UserSettingsTab() {
  const { data: session } = useSuspenseQuery(sessionQueryOptions);
  if (!session) return null;
  return (
    <div className="flex max-w-2xl flex-col gap-6">
      <ProfileCard user={session.user} />
      <ChangePasswordCard />
      <TwoFactorCard enabled={Boolean(session.user.twoFactorEnabled)} />
      <DigestSettingsCard />
      <DeleteAccountCard />
    </div>
  );
}
