import { useQuery } from '@tanstack/react-query';
import { curlCommand, groupOperations, type Operation } from '../../../../core/api/openapi-reference';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { CopyButton } from '../../../components/ui/copy-button';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { usePublicConfig } from '../../../lib/public-config';
import { apiKeysQuery, openApiQuery } from './api-key-queries';

const METHOD_COLOURS: Record<string, string> = {
  GET: 'bg-sky-500/15 text-sky-700 dark:text-sky-300',
  POST: 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-300',
  // Amber 800: 700 on its own tint is 4.48:1, under the 4.5 small text needs.
  PUT: 'bg-amber-500/15 text-amber-800 dark:text-amber-300',
  PATCH: 'bg-amber-500/15 text-amber-800 dark:text-amber-300',
  DELETE: 'bg-red-500/15 text-red-700 dark:text-red-300',
};

function OperationDetails({
  operation,
  publicUrl,
  keyHint,
}: {
  operation: Operation;
  publicUrl: string;
  keyHint: string;
}) {
  const curl = curlCommand(operation, publicUrl, keyHint);
  return (
    <details className="group border-t border-border py-2">
      <summary className="flex cursor-pointer flex-wrap items-center gap-2 text-sm">
        <span
          className={cn(
            'w-16 rounded px-1.5 py-0.5 text-center font-mono text-xs font-semibold',
            METHOD_COLOURS[operation.method],
          )}
        >
          {operation.method}
        </span>
        <code className="font-mono">{operation.path}</code>
        <span className="text-muted">{operation.summary}</span>
      </summary>
      <div className="mt-3 flex flex-col gap-3 pl-2 text-sm">
        {operation.parameters.length > 0 ? (
          <p>
            <span className="font-medium">Parameters: </span>
            {operation.parameters
              .map((p) => `${p.name} (${p.in}, ${p.type}${p.required ? ', required' : ''})`)
              .join(' · ')}
          </p>
        ) : null}
        {operation.requestSchema ? (
          <p>
            <span className="font-medium">Request body: </span>
            <code>{operation.requestSchema}</code>
          </p>
        ) : null}
        <p>
          <span className="font-medium">Responses: </span>
          {operation.responses.map((r) => (r.schema ? `${r.status} ${r.schema}` : r.status)).join(' · ')}
        </p>
        <div className="flex items-start gap-2">
          <pre className="min-w-0 flex-1 overflow-x-auto rounded-ui border border-border bg-surface p-3 font-mono text-xs">
            {curl}
          </pre>
          <CopyButton text={curl} label={`curl for ${operation.method} ${operation.path}`} />
        </div>
      </div>
    </details>
  );
}

export function ApiReference() {
  const { data: doc, error } = useQuery(openApiQuery);
  const { data: config } = usePublicConfig();
  const { data: keys } = useQuery(apiKeysQuery);
  if (error) throw error;
  if (!doc || !config) return <Spinner />;
  const newest = keys?.[0];
  const keyHint = newest ? `${newest.prefix}…` : 'uw_live_…';
  return (
    <Card>
      <CardHeader>
        <CardTitle>API reference</CardTitle>
        <CardDescription>
          Every route of {config.publicUrl}/api/v1, from the OpenAPI 3.1 document at{' '}
          <a className="text-accent underline" href="/api/v1/openapi.json">
            /api/v1/openapi.json
          </a>
          . Replace <code>{keyHint}</code> in the examples with your full key.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {groupOperations(doc).map((group) => (
          <section key={group.tag} aria-label={group.tag}>
            <h3 className="mb-1 font-semibold">{group.tag}</h3>
            {group.operations.map((operation) => (
              <OperationDetails
                key={`${operation.method} ${operation.path}`}
                operation={operation}
                publicUrl={config.publicUrl}
                keyHint={keyHint}
              />
            ))}
          </section>
        ))}
      </CardContent>
    </Card>
  );
}
