/**
 * A small horizontal bar chart in plain SVG (antd has no charts; a chart library would be the
 * console's heaviest dependency for a few bars). Values are decimal strings; bar lengths only need
 * float precision, the printed value is the exact string. Negative values draw from zero leftwards.
 */
export type Bar = { label: string; value: string; hint?: string };

const ROW = 26;
const LABEL = 96;
const VALUE = 110;

export function BarChart({ bars, width = 520, testId }: { bars: Bar[]; width?: number; testId?: string }) {
  const numbers = bars.map((b) => Number(b.value) || 0);
  const max = Math.max(0, ...numbers);
  const min = Math.min(0, ...numbers);
  const span = max - min || 1;
  const plot = width - LABEL - VALUE;
  const zero = LABEL + ((0 - min) / span) * plot;
  return (
    <svg
      width="100%"
      viewBox={`0 0 ${width} ${bars.length * ROW + 4}`}
      role="img"
      aria-label={bars.map((b) => `${b.label}: ${b.value}`).join(', ')}
      data-testid={testId}
      style={{ maxWidth: width, display: 'block' }}
    >
      {bars.map((bar, i) => {
        const n = numbers[i] ?? 0;
        const x = n >= 0 ? zero : zero - (-n / span) * plot;
        const w = Math.max(n === 0 ? 0 : 2, (Math.abs(n) / span) * plot);
        const y = i * ROW + 4;
        return (
          <g key={bar.label}>
            <title>{bar.hint ?? `${bar.label}: ${bar.value}`}</title>
            <text x={LABEL - 8} y={y + 14} textAnchor="end" fontSize="12" fill="currentColor">
              {bar.label}
            </text>
            <rect x={x} y={y + 2} width={w} height={ROW - 10} rx={3} fill={n < 0 ? '#ff4d4f' : '#1677ff'} />
            <text x={width - VALUE + 8} y={y + 14} fontSize="12" fill="currentColor" data-testid="bar-value">
              {bar.value}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
