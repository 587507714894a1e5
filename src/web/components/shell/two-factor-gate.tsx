import { lazy, type ReactNode, Suspense } from 'react';
import { useActiveWorkspace } from '../../lib/workspaces';
import { PageHeader } from '../ui/page-header';
import { PageSpinner } from '../ui/spinner';

const TwoFactorCard = lazy(() =>
  import('../../pages/settings/two-factor-card').then((module) => ({ default: module.TwoFactorCard })),
);

/**
 * A workspace whose owner requires two-factor sign-in shows members without it only the set-up,
 * before anything else (the API refuses them the rest with two_factor_required).
 */
export function TwoFactorGate({
  twoFactorEnabled,
  children,
}: {
  twoFactorEnabled: boolean;
  children: ReactNode;
}) {
  const workspace = useActiveWorkspace();
  if (!workspace?.requireTwoFactor || twoFactorEnabled) return children;
  return (
    <div className="flex max-w-2xl flex-col gap-6">
      <PageHeader
        title="Set up two-factor sign-in"
        description={`${workspace.name} requires a code from an authenticator app at every sign-in.`}
      />
      <Suspense fallback={<PageSpinner />}>
        <TwoFactorCard enabled={false} />
      </Suspense>
    </div>
  );
}
