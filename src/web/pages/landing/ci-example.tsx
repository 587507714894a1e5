import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { usePublicConfig } from '../../lib/public-config';

export function ciCommand(publicUrl: string): string {
  return `curl -X POST ${publicUrl}/api/v1/deployments -H "Authorization: Bearer {key}" -H "content-type: application/json" -d '{"version":"v1.4.2","trigger_checks":true}'`;
}

export function CiExample() {
  const { data } = usePublicConfig();
  const publicUrl = (data?.publicUrl ?? window.location.origin).replace(/\/+$/, '');
  const command = ciCommand(publicUrl);
  const [copied, setCopied] = useState(false);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(command);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch (error) {
      console.error('Could not copy the command', error);
    }
  };

  return (
    <div className="relative overflow-hidden rounded-ui border border-slate-800 bg-slate-950 text-slate-100 shadow-lg">
      <div className="flex items-center justify-between border-b border-slate-800 px-4 py-2">
        <span className="text-xs text-slate-400">deploy.yml · after your deploy step</span>
        <button
          type="button"
          onClick={copy}
          className="flex cursor-pointer items-center gap-1 rounded px-2 py-1 text-xs text-slate-300 hover:bg-slate-800"
        >
          {copied ? <Check className="size-3.5" aria-hidden /> : <Copy className="size-3.5" aria-hidden />}
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
      <pre className="p-4 font-mono text-xs leading-relaxed break-all whitespace-pre-wrap sm:text-sm">
        <code>{command}</code>
      </pre>
    </div>
  );
}
