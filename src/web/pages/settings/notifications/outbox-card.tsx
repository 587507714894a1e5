import { useQuery } from '@tanstack/react-query';
import { Inbox } from 'lucide-react';
import { useState } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/format';
import { useTimeZone } from '../../../lib/use-time-zone';
import { useCan } from '../../../lib/workspaces';
import { outboxQuery } from './alert-queries';

/**
 * Mail kept instead of sent while no SMTP server is configured, rendered as it would arrive. Its
 * invitation and subscriber links are for the owner and admins only (the server refuses others).
 */
export function OutboxCard() {
  return useCan('readOutbox') ? <Outbox /> : null;
}

function Outbox() {
  const timeZone = useTimeZone();
  const { data: mails = [] } = useQuery(outboxQuery);
  const [openId, setOpenId] = useState<string | null>(null);
  const open = mails.find((mail) => mail.id === openId) ?? mails[0];

  return (
    <Card>
      <CardHeader>
        <CardTitle>Outbox</CardTitle>
        <CardDescription>
          With no SMTP server configured (SMTP_URL), Upwatch keeps mail here instead of sending it.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {mails.length === 0 || !open ? (
          <EmptyState icon={Inbox} title="The outbox is empty">
            Mail that could not be sent for want of an SMTP server shows up here.
          </EmptyState>
        ) : (
          <div className="grid gap-4 md:grid-cols-[16rem_1fr]">
            <ul aria-label="Outbox mails" className="flex flex-col gap-1">
              {mails.map((mail) => (
                <li key={mail.id}>
                  <button
                    type="button"
                    onClick={() => setOpenId(mail.id)}
                    aria-current={mail.id === open.id}
                    className={cn(
                      'w-full rounded-ui px-3 py-2 text-left text-sm hover:bg-surface',
                      mail.id === open.id && 'bg-surface',
                    )}
                  >
                    <span className="block truncate font-medium">{mail.subject}</span>
                    <span className="block truncate text-muted">
                      {mail.to} · {formatDateTime(mail.createdAt, timeZone, false)}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
            <iframe
              // An empty sandbox: no scripts, no same-origin access, no navigation of the app.
              sandbox=""
              title={`Mail: ${open.subject}`}
              srcDoc={open.html}
              className="h-[32rem] w-full rounded-ui border border-border bg-white"
            />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
