import { FlaskConical } from 'lucide-react';

export const TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'is declined' },
] as const;

/** Says plainly that nothing real is charged, and offers the sandbox's test cards. */
export function SandboxNote({ onUseCard }: { onUseCard: (number: string) => void }) {
  return (
    <aside
      aria-label="Test mode"
      className="rounded-ui border border-warning/40 bg-warning/10 p-4 text-sm text-fg"
    >
      <p className="flex items-center gap-2 font-medium">
        <FlaskConical className="size-4 text-warning" aria-hidden />
        Test mode: this is Upwatch's sandbox payment page.
      </p>
      <p className="mt-1 text-muted">
        No real card is charged. Use any future expiry date, any CVC and any name.
      </p>
      <ul className="mt-3 flex flex-col gap-1.5">
        {TEST_CARDS.map((card) => (
          <li key={card.number} className="flex flex-wrap items-center gap-2">
            <button
              type="button"
              onClick={() => onUseCard(card.number)}
              className="cursor-pointer rounded-ui border border-border bg-bg px-2 py-0.5 font-mono text-xs hover:bg-surface"
              aria-label={`Use test card ${card.number}`}
            >
              {card.number}
            </button>
            <span className="text-muted">{card.outcome}</span>
          </li>
        ))}
      </ul>
    </aside>
  );
}
