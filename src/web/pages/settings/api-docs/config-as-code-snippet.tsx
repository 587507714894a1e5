import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { CopyButton } from '../../../components/ui/copy-button';
import { usePublicConfig } from '../../../lib/public-config';

/**
 * Monitoring as code in CI (issue 22): plan on pull requests, so a bad file or a refused change
 * fails the check before merge, and apply on pushes to main. The README shows the same workflow.
 */
export function configAsCodeWorkflow(publicUrl: string): string {
  return `# .github/workflows/upwatch.yml
name: upwatch
on:
  pull_request:
    paths: [upwatch.yaml]
  push:
    branches: [main]
    paths: [upwatch.yaml]

jobs:
  upwatch:
    runs-on: ubuntu-latest
    env:
      UPWATCH_URL: ${publicUrl}
      UPWATCH_API_KEY: \${{ secrets.UPWATCH_API_KEY }}
      # Each \${VAR} in upwatch.yaml, from the repository's secrets.
      OPS_SLACK_URL: \${{ secrets.OPS_SLACK_URL }}
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with:
          node-version: 20
      # The CLI is Upwatch's own \`upwatch\` bin: its Git URL or an \`npm pack\` tarball.
      - run: npm install --global "\${{ vars.UPWATCH_CLI }}"
      - if: github.event_name == 'pull_request'
        # A viewer key is enough to plan, and it cannot change anything.
        env:
          UPWATCH_API_KEY: \${{ secrets.UPWATCH_PLAN_KEY }}
        run: upwatch plan -f upwatch.yaml
      - if: github.event_name == 'push'
        run: upwatch apply -f upwatch.yaml
`;
}

export function ConfigAsCodeSnippet() {
  const { data: config } = usePublicConfig();
  if (!config) return null;
  const publicUrl = config.publicUrl.replace(/\/+$/, '');
  const workflow = configAsCodeWorkflow(publicUrl);
  return (
    <Card role="region" aria-label="Monitoring as code workflow">
      <CardHeader>
        <div className="flex items-start justify-between gap-4">
          {/* min-w-0 and anywhere-wrapping keep the long commands and the schema URL inside a 375 px card. */}
          <div className="flex min-w-0 flex-col gap-1">
            <CardTitle>Monitoring as code</CardTitle>
            <CardDescription className="[overflow-wrap:anywhere]">
              Keep monitors, alert channels, status pages, maintenance windows, escalation policies and
              performance sites in <code className="font-mono text-xs">upwatch.yaml</code>:{' '}
              <code className="font-mono text-xs">upwatch export</code> writes the workspace as it is,{' '}
              <code className="font-mono text-xs">upwatch plan -f upwatch.yaml</code> shows each change, and{' '}
              <code className="font-mono text-xs">upwatch apply -f upwatch.yaml</code> makes them all or none.
              Secrets stay in environment variables as <code className="font-mono text-xs">{`\${VAR}`}</code>.
              Editors complete the file from{' '}
              <code className="font-mono text-xs">{`${publicUrl}/api/v1/config/schema.json`}</code>.
            </CardDescription>
          </div>
          <CopyButton text={workflow} label="Monitoring as code workflow" />
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
