import { cn } from '../../lib/cn';
import { RATING_LABELS, RATING_TEXT, rateScore } from './metrics';

const RADIUS = 26;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** Lighthouse's ring: the score's share of the circle, coloured by its rating. */
export function ScoreGauge({ score, size = 64 }: { score: number | null; size?: number }) {
  const rating = score === null ? null : rateScore(score);
  const label =
    score === null || rating === null
      ? 'Performance score: not measured yet'
      : `Performance score ${Math.round(score)} of 100, ${RATING_LABELS[rating].toLowerCase()}`;
  const filled = score === null ? 0 : (Math.max(0, Math.min(100, score)) / 100) * CIRCUMFERENCE;
  return (
    <div
      role="img"
      aria-label={label}
      className={cn('relative shrink-0', rating ? RATING_TEXT[rating] : 'text-muted')}
      style={{ width: size, height: size }}
    >
      <svg viewBox="0 0 64 64" className="size-full -rotate-90" aria-hidden>
        <circle
          cx="32"
          cy="32"
          r={RADIUS}
          fill="none"
          stroke="currentColor"
          strokeOpacity={0.15}
          strokeWidth="6"
        />
        {filled > 0 ? (
          <circle
            cx="32"
            cy="32"
            r={RADIUS}
            fill="none"
            stroke="currentColor"
            strokeWidth="6"
            strokeLinecap="round"
            strokeDasharray={`${filled} ${CIRCUMFERENCE}`}
          />
        ) : null}
      </svg>
      <span className="absolute inset-0 flex items-center justify-center text-lg font-semibold" aria-hidden>
        {score === null ? '–' : Math.round(score)}
      </span>
    </div>
  );
}
