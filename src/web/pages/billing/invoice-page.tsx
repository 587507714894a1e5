import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { ArrowLeft, Printer } from 'lucide-react';
import { invoiceNumber } from '../../billing/labels';
import { invoiceQueryOptions } from '../../billing/queries';
import { Logo } from '../../components/logo';
import { SectionError } from '../../components/section-error';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { formatDate, formatMoney } from '../../lib/format';
import { useTimeZone } from '../../lib/use-time-zone';
import { InvoiceStatus } from './invoices-card';

const route = getRouteApi('/billing/invoices/$id');

export function InvoiceNotFound() {
  return (
    <SectionError
      title="Invoice not found"
      message="This invoice does not exist or belongs to another account."
    />
  );
}

export function InvoicePage() {
  const { id } = route.useParams();
  const { data: invoice } = useSuspenseQuery(invoiceQueryOptions(id));
  const timeZone = useTimeZone();
  const money = (amount: number) => formatMoney(amount, invoice.currency);
  const number = invoiceNumber(invoice);

  return (
    <>
      <div className="mb-4 flex items-center justify-between gap-4 print:hidden">
        <Link
          to="/billing/portal"
          className="inline-flex items-center gap-1 text-sm text-muted hover:text-fg"
        >
          <ArrowLeft className="size-4" aria-hidden />
          Billing
        </Link>
        <Button variant="secondary" onClick={() => window.print()}>
          <Printer className="size-4" aria-hidden />
          Print
        </Button>
      </div>
      <Card className="print:border-0 print:shadow-none">
        <CardContent className="flex flex-col gap-8 sm:p-10">
          <div className="flex flex-wrap items-start justify-between gap-4">
            <div>
              <h1 className="text-2xl font-semibold tracking-tight">Invoice {number}</h1>
              <p className="mt-1 flex items-center gap-2 text-sm text-muted">
                {formatDate(invoice.created_at, timeZone)}
                <InvoiceStatus status={invoice.status} />
              </p>
            </div>
            <Logo />
          </div>
          <dl className="grid gap-4 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-muted">Billed to</dt>
              <dd className="mt-1 font-medium">{invoice.customer.name || invoice.customer.email}</dd>
              {invoice.customer.name && invoice.customer.email ? <dd>{invoice.customer.email}</dd> : null}
            </div>
            <div>
              <dt className="text-muted">Invoice id</dt>
              <dd className="mt-1 font-mono text-xs break-all">{invoice.id}</dd>
            </div>
          </dl>
          <table className="w-full text-left text-sm">
            <thead className="border-b border-border text-muted">
              <tr>
                <th className="py-2 pr-4 font-medium">Description</th>
                <th className="py-2 text-right font-medium">Amount</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {invoice.lines.map((line, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id; their order is the invoice's
                <tr key={index}>
                  <td className="py-2.5 pr-4">{line.description}</td>
                  <td className="py-2.5 text-right tabular-nums">{money(line.amount)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot className="border-t-2 border-border">
              <tr>
                <th scope="row" className="pt-3 pr-4 font-semibold">
                  Total
                </th>
                <td className="pt-3 text-right text-base font-semibold tabular-nums">
                  {money(invoice.total)}
                </td>
              </tr>
            </tfoot>
          </table>
          <p className="text-xs text-muted">
            Issued by Upwatch's sandbox billing in test mode. No real payment was taken.
          </p>
        </CardContent>
      </Card>
    </>
  );
}
