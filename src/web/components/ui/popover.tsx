import { Popover as PopoverPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** SPEC.md §9: popovers sit 4 px from their trigger. */
export const POPOVER_SIDE_OFFSET = 4;

export const Popover = PopoverPrimitive.Root;
export const PopoverTrigger = PopoverPrimitive.Trigger;

export function PopoverContent({ className, ...props }: ComponentProps<typeof PopoverPrimitive.Content>) {
  return (
    <PopoverPrimitive.Portal>
      <PopoverPrimitive.Content
        sideOffset={POPOVER_SIDE_OFFSET}
        className={cn(
          'z-50 max-w-xs rounded-ui border border-border bg-bg p-3 text-sm shadow-lg data-[state=open]:animate-overlay-in',
          className,
        )}
        {...props}
      />
    </PopoverPrimitive.Portal>
  );
}
