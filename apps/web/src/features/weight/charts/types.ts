/** One plotted point: x is an instant in ms (time) or a step (linear); text is what the point reads out as. */
export interface ChartPoint {
  x: number;
  y: number;
  text: string;
}

export interface LineChartProps {
  name: string;
  points: readonly ChartPoint[];
  xScale: 'time' | 'linear';
  formatX: (x: number) => string;
  yLabel: string;
  goal?: { y: number; text: string } | null;
  /** From this point on the line is dashed (the projection's points that sit at the goal). */
  dashedFrom?: number;
}
