import type { StatusPage } from '../../../../core/api/status-pages';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { CopyButton } from '../../../components/ui/copy-button';

function Snippet({ label, hint, code }: { label: string; hint: string; code: string }) {
  return (
    <section className="flex flex-col gap-1.5" aria-label={label}>
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-medium">{label}</h3>
        <CopyButton text={code} label={label.toLowerCase()} />
      </div>
      <pre className="overflow-x-auto rounded-ui border border-border bg-surface p-3 font-mono text-xs whitespace-pre-wrap break-all">
        {code}
      </pre>
      <p className="text-xs text-muted">{hint}</p>
    </section>
  );
}

/** The snippets that put the page's state on another site: the status pill and the compact view. */
export function EmbedCard({ page }: { page: StatusPage }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Embed on your site</CardTitle>
        <CardDescription>Show the page’s state on your own website. Neither sets a cookie.</CardDescription>
      </CardHeader>
      {page.access === 'public' ? (
        <CardContent className="flex flex-col gap-5">
          <Snippet
            label="Status pill"
            hint="A small pill with the overall state, linking to this page. Paste it where the pill should appear."
            code={`<script src="${page.publicUrl}/widget.js" defer></script>`}
          />
          <Snippet
            label="Compact view"
            hint="The state and each monitor's status in a frame any site may show."
            code={`<iframe src="${page.publicUrl}/embed" title="${page.name.replaceAll('"', '&quot;')} status" width="100%" height="320" style="border:0"></iframe>`}
          />
        </CardContent>
      ) : (
        <CardContent>
          <p className="text-sm">
            Private pages have no widget or embed: they would show the state to anyone.
          </p>
        </CardContent>
      )}
    </Card>
  );
}
