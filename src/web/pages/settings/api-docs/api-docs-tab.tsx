import { FeatureGate } from '../../../components/feature-gate';
import { ApiReference } from './api-reference';
import { ConfigAsCodeSnippet } from './config-as-code-snippet';
import { CreateKeyCard } from './create-key-card';
import { DeploymentWebhooks } from './deployment-webhooks';
import { GithubActionsSnippet } from './github-actions-snippet';
import { KeyListCard } from './key-list-card';

export function ApiDocsTab() {
  return (
    <FeatureGate gate="api">
      <div className="flex flex-col gap-6">
        <CreateKeyCard />
        <KeyListCard />
        <DeploymentWebhooks />
        <GithubActionsSnippet />
        <ConfigAsCodeSnippet />
        <ApiReference />
      </div>
    </FeatureGate>
  );
}
