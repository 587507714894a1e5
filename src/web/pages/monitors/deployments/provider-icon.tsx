import { Hexagon, type LucideIcon, PenLine, SquareTerminal, Triangle, Workflow } from 'lucide-react';
import { DEPLOYMENT_PROVIDER_LABELS, type DeploymentProvider } from '../../../../core/api/deployments';
import { cn } from '../../../lib/cn';

const ICONS: Record<DeploymentProvider, LucideIcon> = {
  api: SquareTerminal,
  manual: PenLine,
  github: Workflow,
  vercel: Triangle,
  netlify: Hexagon,
};

/** The provider's icon beside its name: 'GitHub Actions', 'Vercel', 'Netlify', 'API', 'Manual'. */
export function ProviderLabel({ provider, className }: { provider: DeploymentProvider; className?: string }) {
  const Icon = ICONS[provider];
  return (
    <span className={cn('inline-flex items-center gap-1.5 text-sm', className)}>
      <Icon className="size-4 shrink-0 text-muted" aria-hidden />
      {DEPLOYMENT_PROVIDER_LABELS[provider]}
    </span>
  );
}
