import { changeDirection, formatChange } from '../lib/market-api';
import './price-change.css';

/** A 24h change as text ("+1.25%") coloured up or down, or as a filled chip. */
export function PriceChange({
  change,
  chip = false,
  testId,
}: {
  change: string | null | undefined;
  chip?: boolean;
  testId?: string;
}) {
  const direction = changeDirection(change);
  return (
    <span className={`price-change price-change--${direction}${chip ? ' price-change--chip' : ''}`} data-testid={testId}>
      {formatChange(change)}
    </span>
  );
}
