/** One bar: its label and value. */
export interface Bar {
  label: string;
  value: number;
}

const ROW = 32;
const LABEL_WIDTH = 220;
const CHART_WIDTH = 500;

/**
 * A small horizontal bar chart, drawn beside the same numbers as text (the funnel's cards, the
 * starts table), so it shows their proportions and does not print them a second time. Screen
 * readers get `summary`.
 */
export function BarChart({ bars, summary }: { bars: Bar[]; summary: string }) {
  const largest = Math.max(1, ...bars.map((bar) => bar.value));
  const barSpace = CHART_WIDTH - LABEL_WIDTH;
  const height = bars.length * ROW;
  return (
    <svg
      role="img"
      aria-label={summary}
      viewBox={`0 0 ${CHART_WIDTH} ${height}`}
      className="h-auto w-full max-w-xl"
    >
      {bars.map((bar, index) => {
        const y = index * ROW;
        const width = bar.value === 0 ? 0 : Math.max(2, (bar.value / largest) * barSpace);
        return (
          <g key={bar.label}>
            <text
              x={LABEL_WIDTH - 8}
              y={y + ROW / 2}
              textAnchor="end"
              dominantBaseline="middle"
              className="fill-foreground text-[14px]"
            >
              {bar.label}
            </text>
            <rect
              x={LABEL_WIDTH}
              y={y + 5}
              width={width}
              height={ROW - 10}
              rx={3}
              className="fill-primary"
            />
          </g>
        );
      })}
    </svg>
  );
}
