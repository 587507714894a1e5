import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { CopyButton } from '../../../components/ui/copy-button';
import { usePublicConfig } from '../../../lib/public-config';

/**
 * A workflow step recording the deployment with trigger_checks. jq builds the body so a branch
 * or tag name with quotes cannot break the JSON; --fail makes a refused request fail the job.
 */
export function githubActionsWorkflow(publicUrl: string): string {
  return `# .github/workflows/deploy.yml
name: Deploy
on:
  push:
    branches: [main]
    tags: ['v*']

jobs:
  deploy:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      # ... your build and deploy steps ...
      - name: Record the deployment in Upwatch
        env:
          UPWATCH_API_KEY: \${{ secrets.UPWATCH_API_KEY }}
          # The tag for tag pushes, else the commit.
          VERSION: \${{ github.ref_type == 'tag' && github.ref_name || github.sha }}
          # Your site: the deployment goes to the monitors on its host.
          DEPLOY_URL: https://www.example.com
        run: |
          jq -n \\
            --arg version "$VERSION" \\
            --arg commit "\${{ github.sha }}" \\
            --arg branch "\${{ github.ref_name }}" \\
            --arg url "$DEPLOY_URL" \\
            '{version: $version, environment: "production", commit_sha: $commit, branch: $branch, url: $url, trigger_checks: true}' \\
          | curl --fail --silent --show-error -X POST "${publicUrl}/api/v1/deployments" \\
              -H "Authorization: Bearer $UPWATCH_API_KEY" \\
              -H "content-type: application/json" \\
              --data-binary @-
`;
}

export function GithubActionsSnippet() {
  const { data: config } = usePublicConfig();
  if (!config) return null;
  const workflow = githubActionsWorkflow(config.publicUrl.replace(/\/+$/, ''));
  return (
    <Card role="region" aria-label="GitHub Actions workflow">
      <CardHeader>
        <div className="flex items-start justify-between gap-4">
          <div className="flex flex-col gap-1">
            <CardTitle>GitHub Actions workflow</CardTitle>
            <CardDescription>
              Records each deployment and checks its monitors at once. Add an API key as the repository secret{' '}
              <code className="font-mono text-xs">UPWATCH_API_KEY</code> (Settings → Secrets and variables →
              Actions) and set <code className="font-mono text-xs">DEPLOY_URL</code> to your site.
            </CardDescription>
          </div>
          <CopyButton text={workflow} label="GitHub Actions workflow" />
        </div>
      </CardHeader>
      <CardContent>
        <pre
          // biome-ignore lint/a11y/noNoninteractiveTabindex: on a phone it scrolls sideways, and a keyboard must reach it to scroll it
          tabIndex={0}
          className="overflow-x-auto rounded-ui border border-border bg-surface p-4 font-mono text-xs leading-relaxed"
        >
          <code>{workflow}</code>
        </pre>
      </CardContent>
    </Card>
  );
}
