import { Link } from '@tanstack/react-router';
import { invoiceDescription, invoiceStatusLabel } from '../../billing/labels';
import type { Invoice } from '../../billing/types';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { formatDate, formatMoney } from '../../lib/format';
import { useTimeZone } from '../../lib/use-time-zone';

export function InvoiceStatus({ status }: { status: string }) {
  return (
    <span
      className={cn(
        'rounded-full px-2 py-0.5 text-xs font-medium',
        status === 'paid' ? 'bg-accent-soft text-accent' : 'bg-surface text-muted',
      )}
    >
      {invoiceStatusLabel(status)}
    </span>
  );
}

export function InvoicesCard({ invoices }: { invoices: Invoice[] }) {
  const timeZone = useTimeZone();
  const newestFirst = [...invoices].sort((a, b) => b.created_at - a.created_at);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Invoices</CardTitle>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        {newestFirst.length === 0 ? (
          <p className="text-sm text-muted">No invoices yet. They appear here after your first payment.</p>
        ) : (
          <table className="w-full text-left text-sm">
            <thead className="text-muted">
              <tr>
                <th className="py-2 pr-4 font-medium">Date</th>
                <th className="py-2 pr-4 font-medium">Description</th>
                <th className="py-2 pr-4 text-right font-medium">Total</th>
                <th className="py-2 pr-4 font-medium">Status</th>
                <th className="py-2 font-medium">
                  <span className="sr-only">Invoice</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {newestFirst.map((invoice) => (
                <tr key={invoice.id}>
                  <td className="py-2.5 pr-4 whitespace-nowrap">
                    {formatDate(invoice.created_at, timeZone)}
                  </td>
                  <td className="py-2.5 pr-4">{invoiceDescription(invoice)}</td>
                  <td className="py-2.5 pr-4 text-right tabular-nums">
                    {formatMoney(invoice.total, invoice.currency)}
                  </td>
                  <td className="py-2.5 pr-4">
                    <InvoiceStatus status={invoice.status} />
                  </td>
                  <td className="py-2.5 text-right">
                    <Link
                      to="/billing/invoices/$id"
                      params={{ id: invoice.id }}
                      className="font-medium text-accent hover:underline"
                    >
                      View
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  );
}
