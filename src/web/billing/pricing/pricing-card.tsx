import { Link } from '@tanstack/react-router';
import { Check } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import type { PricingTableProduct } from '../pricing-table';
import { buttonContent } from './button-content';

export interface PricingCardProps {
  product: PricingTableProduct;
  /** No customer (signed out): the button follows `button_url` instead of checking out. */
  guest: boolean;
  /** The customer is still loading: the button waits rather than guess. */
  waiting: boolean;
  busy: boolean;
  onSelect: (product: PricingTableProduct) => void;
}

type Item = PricingTableProduct['items'][number];

function itemText(item: Item | undefined): { primary: string; secondary?: string } | null {
  if (!item?.display) return null;
  return { primary: item.display.primary_text, secondary: item.display.secondary_text };
}

/** BILLING.md §10: the headline is items[0] when it is a price, "Free" for a free product. */
function headline(product: PricingTableProduct) {
  const [first, ...rest] = product.items;
  if (first?.type === 'price') return { price: itemText(first), items: rest };
  if (product.properties.is_free) return { price: { primary: 'Free' }, items: product.items };
  return { price: itemText(first), items: rest };
}

function CardButton({ product, guest, waiting, busy, onSelect }: PricingCardProps) {
  const { text, disabled } = buttonContent(product);
  const variant = product.display.recommend_text ? 'primary' : 'secondary';
  if (guest && product.display.button_url) {
    return (
      <Button asChild variant={variant} className="w-full">
        <Link to={product.display.button_url}>{text}</Link>
      </Button>
    );
  }
  return (
    <Button
      variant={variant}
      className="w-full"
      disabled={disabled || waiting || busy}
      onClick={() => onSelect(product)}
    >
      {busy ? <Spinner className="size-4 text-current" label="Loading checkout" /> : null}
      {text}
    </Button>
  );
}

export function PricingCard(props: PricingCardProps) {
  const { product } = props;
  const { price, items } = headline(product);
  const recommend = product.display.recommend_text;
  return (
    <article
      aria-label={product.display.name ?? product.name}
      className={cn(
        'relative flex flex-col rounded-ui border bg-bg p-6 shadow-sm',
        recommend ? 'border-accent ring-1 ring-accent' : 'border-border',
      )}
    >
      {recommend ? (
        <span className="absolute -top-3 left-6 rounded-full bg-accent px-3 py-0.5 text-xs font-semibold text-accent-fg">
          {recommend}
        </span>
      ) : null}
      <h2 className="text-lg font-semibold">{product.display.name ?? product.name}</h2>
      {product.display.description ? (
        <p className="mt-1 min-h-10 text-sm text-muted">{product.display.description}</p>
      ) : null}
      {price ? (
        <p className="mt-5">
          <span className="text-4xl font-bold tracking-tight">{price.primary}</span>
          {price.secondary ? <span className="text-sm text-muted"> {price.secondary}</span> : null}
        </p>
      ) : null}
      <div className="mt-6">
        <CardButton {...props} />
      </div>
      {items.length > 0 ? (
        <div className="mt-6 border-t border-border pt-6">
          <p className="text-sm font-medium">
            {product.display.everything_from
              ? `Everything from ${product.display.everything_from}, plus:`
              : 'Includes:'}
          </p>
          <ul className="mt-3 space-y-2 text-sm">
            {items.map((item) => {
              const text = itemText(item);
              if (!text) return null;
              return (
                <li key={`${item.feature_id ?? ''}-${text.primary}`} className="flex gap-2">
                  <Check className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden />
                  <span>
                    {text.primary}
                    {text.secondary ? <span className="text-muted"> {text.secondary}</span> : null}
                  </span>
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </article>
  );
}

/** Add-ons sit under the plans as one compact row each. */
export function AddOnCard(props: PricingCardProps) {
  const { product } = props;
  const { price } = headline(product);
  return (
    <article
      aria-label={product.display.name ?? product.name}
      className="flex flex-col gap-4 rounded-ui border border-border bg-bg p-5 shadow-sm sm:flex-row sm:items-center"
    >
      <div className="flex-1">
        <h3 className="font-semibold">{product.display.name ?? product.name}</h3>
        {product.display.description ? (
          <p className="mt-1 text-sm text-muted">{product.display.description}</p>
        ) : null}
      </div>
      {price ? (
        <p className="sm:text-right">
          <span className="text-2xl font-bold tracking-tight">{price.primary}</span>
          {price.secondary ? <span className="block text-sm text-muted">{price.secondary}</span> : null}
        </p>
      ) : null}
      <div className="sm:w-36">
        <CardButton {...props} />
      </div>
    </article>
  );
}
