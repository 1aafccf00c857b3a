import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleLinear, scaleTime } from '@visx/scale';
import { Line, LinePath } from '@visx/shape';
import type { ChartPoint, LineChartProps } from './types';

const HEIGHT = 280;
const MARGIN = { top: 16, right: 28, bottom: 40, left: 56 };
const INK = '#1d2b2a';
const MUTED = '#5b6b69';
const PRIMARY = '#1f5c4a';
const GOAL = '#b26a00';

/** Follows the container's width, so the chart fits a phone and a desktop column alike. */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(640);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.max(280, Math.floor(entry.contentRect.width)));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

function yDomain(points: readonly ChartPoint[], goal: number | null): [number, number] {
  const values = [...points.map((point) => point.y), ...(goal === null ? [] : [goal])];
  const min = Math.min(...values);
  const max = Math.max(...values);
  const pad = Math.max(1, (max - min) * 0.15);
  return [Math.floor(min - pad), Math.ceil(max + pad)];
}

/** Dates on the time axis are the measurements' own days, evenly picked, so a narrow chart still names its span. */
function timeTicks(points: readonly ChartPoint[], count: number, format: (x: number) => string): number[] {
  const step = points.length <= count ? 1 : (points.length - 1) / (count - 1);
  const picked = Array.from({ length: Math.min(count, points.length) }, (_, index) => points[Math.round(index * step)]!.x);
  // One tick per day shown: two weights on the same day share a label.
  return picked.filter((value, index) => picked.findIndex((other) => format(other) === format(value)) === index);
}

/**
 * A line chart drawn as SVG with visx. The drawing is decorative for assistive technology: the same figures are in
 * the page as a table ('Show as table'), and the chart itself reads out point by point with the arrow keys.
 */
export default function LineChart({ name, points, xScale: xKind, formatX, yLabel, goal = null, dashedFrom }: LineChartProps) {
  const { ref, width } = useWidth();
  const [active, setActive] = useState<number | null>(null);
  const innerWidth = width - MARGIN.left - MARGIN.right;
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const xs = points.map((point) => point.x);
  const xMin = Math.min(...xs);
  const xMax = Math.max(...xs);
  // A single point sits in the middle of a day-wide (or one-step) domain rather than on a zero-width one.
  const [from, to] = xMin === xMax ? [xMin - (xKind === 'time' ? 43_200_000 : 0.5), xMax + (xKind === 'time' ? 43_200_000 : 0.5)] : [xMin, xMax];
  const x =
    xKind === 'time'
      ? scaleTime<number>({ domain: [new Date(from), new Date(to)], range: [0, innerWidth] })
      : scaleLinear<number>({ domain: [from, to], range: [0, innerWidth] });
  const y = scaleLinear<number>({ domain: yDomain(points, goal?.y ?? null), range: [innerHeight, 0], nice: true });
  const px = (point: ChartPoint) => (xKind === 'time' ? (x as ReturnType<typeof scaleTime<number>>)(new Date(point.x)) : (x as ReturnType<typeof scaleLinear<number>>)(point.x)) ?? 0;
  const py = (point: ChartPoint) => y(point.y) ?? 0;
  const solid = dashedFrom === undefined ? [...points] : points.slice(0, dashedFrom + 1);
  const dashed = dashedFrom === undefined ? [] : points.slice(dashedFrom);
  const current = active === null ? null : points[active];
  const tickCount = Math.min(points.length, Math.max(2, Math.floor(innerWidth / 90)));

  const onKeyDown = (event: KeyboardEvent) => {
    const last = points.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: Math.min(last, (active ?? -1) + 1),
      ArrowUp: Math.min(last, (active ?? -1) + 1),
      ArrowLeft: Math.max(0, (active ?? points.length) - 1),
      ArrowDown: Math.max(0, (active ?? points.length) - 1),
      Home: 0,
      End: last,
    };
    if (event.key in moves) {
      event.preventDefault();
      setActive(moves[event.key]!);
    }
  };
  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    const bounds = event.currentTarget.getBoundingClientRect();
    const at = event.clientX - bounds.left - MARGIN.left;
    let nearest = 0;
    points.forEach((point, index) => {
      if (Math.abs(px(point) - at) < Math.abs(px(points[nearest]!) - at)) nearest = index;
    });
    setActive(nearest);
  };

  return (
    <div className="line-chart" ref={ref}>
      <div
        className="line-chart__focus"
        role="group"
        aria-roledescription="chart"
        aria-label={`${name}. Use the arrow keys to read each point.`}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onFocus={() => setActive((index) => index ?? points.length - 1)}
      >
        <svg width={width} height={HEIGHT} aria-hidden="true" focusable="false" onPointerMove={onPointerMove} onPointerLeave={() => setActive(null)}>
          <Group left={MARGIN.left} top={MARGIN.top}>
            {goal ? (
              <Group>
                <Line from={{ x: 0, y: y(goal.y) }} to={{ x: innerWidth, y: y(goal.y) }} stroke={GOAL} strokeWidth={2} strokeDasharray="6 4" />
                <text x={innerWidth} y={(y(goal.y) ?? 0) - 6} textAnchor="end" fill={GOAL} fontSize={13}>
                  {goal.text}
                </text>
              </Group>
            ) : null}
            <LinePath data={solid} x={px} y={py} stroke={PRIMARY} strokeWidth={2.5} />
            {dashed.length > 1 ? <LinePath data={dashed} x={px} y={py} stroke={PRIMARY} strokeWidth={2.5} strokeDasharray="4 4" /> : null}
            {points.map((point, index) => (
              <circle key={index} cx={px(point)} cy={py(point)} r={index === active ? 6 : 4} fill={index === active ? INK : PRIMARY} stroke="#fff" strokeWidth={1.5} />
            ))}
            <AxisLeft scale={y} numTicks={5} tickFormat={(value) => String(Number(value))} label={yLabel} stroke={MUTED} tickStroke={MUTED} labelProps={{ fill: INK, fontSize: 13, textAnchor: 'middle' }} tickLabelProps={{ fill: MUTED, fontSize: 12 }} />
            <AxisBottom
              top={innerHeight}
              scale={x}
              numTicks={tickCount}
              tickValues={xKind === 'time' ? timeTicks(points, tickCount, formatX).map((value) => new Date(value)) : undefined}
              tickFormat={(value) => formatX(value instanceof Date ? value.getTime() : Number(value))}
              stroke={MUTED}
              tickStroke={MUTED}
              tickLabelProps={{ fill: MUTED, fontSize: 12 }}
            />
          </Group>
        </svg>
      </div>
      <p className="line-chart__readout" aria-live="polite">
        {current ? current.text : 'Move over the chart or focus it and use the arrow keys to read each point.'}
      </p>
    </div>
  );
}
