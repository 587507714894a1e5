import type { ReactNode } from 'react';
import { toast } from 'sonner';
import githubMark from '../../assets/github-mark.svg';
import { Button } from '../../components/ui/button';
import { authClient, authErrorMessage } from '../../lib/auth-client';
import { usePublicConfig } from '../../lib/public-config';

export function AuthCard({
  title,
  subtitle,
  children,
  footer,
  social = true,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
  footer: ReactNode;
  /** Offer "Continue with GitHub" (when configured): on the sign-in and sign-up cards. */
  social?: boolean;
}) {
  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-12 sm:py-20">
      <div className="rounded-ui border border-border bg-bg p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <p className="mt-1 text-sm text-muted">{subtitle}</p>
        <div className="mt-6">{children}</div>
        {social ? <GitHubSignIn /> : null}
      </div>
      <p className="mt-6 text-center text-sm text-muted">{footer}</p>
    </div>
  );
}

/** Shown only when the server has GitHub OAuth configured. */
function GitHubSignIn() {
  const { data } = usePublicConfig();
  if (!data?.githubSignIn) return null;

  const signIn = async () => {
    const { error } = await authClient.signIn.social({ provider: 'github', callbackURL: '/dashboard' });
    if (error) toast.error(authErrorMessage(error, 'Could not start GitHub sign-in.'));
  };

  return (
    <>
      <div className="my-6 flex items-center gap-3 text-xs text-muted">
        <span className="h-px flex-1 bg-border" />
        or
        <span className="h-px flex-1 bg-border" />
      </div>
      <Button variant="secondary" className="w-full" onClick={signIn}>
        <img src={githubMark} alt="" className="size-4 dark:invert" />
        Continue with GitHub
      </Button>
    </>
  );
}
