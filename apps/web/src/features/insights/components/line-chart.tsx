import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';
import styles from './insights.module.css';

type LineChartProps = {
  /** The x axis' labels, one per point. */
  labels: string[];
  values: number[];
  /** What the chart shows, for a screen reader; the figures themselves are in the table beside it. */
  ariaLabel: string;
  formatValue: (value: number) => string;
  /** The top of the y axis (a share's chart stops at 1); from the data when absent. */
  max?: number;
};

const HEIGHT = 220;
/** About the width of one character of the axis' 12 px font, and the gap kept between two labels. */
const CHAR_PX = 7;
const LABEL_GAP_PX = 16;

function labelSpace(labels: string[]): number {
  const longest = labels.reduce((most, label) => Math.max(most, label.length), 0);
  return Math.max(50, longest * CHAR_PX + LABEL_GAP_PX);
}

/**
 * A line chart drawn by uPlot, which is imported here only when a chart mounts: it and its styles
 * load with the insights page and nothing else (decision 037). The canvas is an image to assistive
 * technology; its figures are the table every chart has beside it.
 */
export function LineChart({ labels, values, ariaLabel, formatValue, max }: LineChartProps) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let chart: uPlot | undefined;
    let observer: ResizeObserver | undefined;
    let cancelled = false;
    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([{ default: UPlot }]) => {
      if (cancelled) return;
      const top = max ?? Math.max(1, ...values) * 1.1;
      const accent = getComputedStyle(element).getPropertyValue('--color-accent').trim() || '#1a56db';
      const text = getComputedStyle(element).getPropertyValue('--color-text-secondary').trim() || '#5b616e';
      chart = new UPlot(
        {
          width: element.clientWidth,
          height: HEIGHT,
          legend: { show: false },
          cursor: { drag: { x: false, y: false } },
          scales: { x: { time: false }, y: { range: [0, top] } },
          series: [{}, { stroke: accent, width: 2, fill: `${accent}22`, points: { show: values.length <= 31 } }],
          axes: [
            {
              stroke: text,
              grid: { show: false },
              // At least a label's width between two ticks, so that times ("09:51 AM") never overlap.
              space: labelSpace(labels),
              values: (_chart, splits) => splits.map((split) => (Number.isInteger(split) ? (labels[split] ?? '') : '')),
            },
            { stroke: text, size: 56, values: (_chart, splits) => splits.map((split) => formatValue(split)) },
          ],
        },
        [values.map((_value, index) => index), values],
        element,
      );
      observer = new ResizeObserver(() => chart?.setSize({ width: element.clientWidth, height: HEIGHT }));
      observer.observe(element);
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [labels, values, formatValue, max]);

  return <div ref={box} className={styles.chart} role="img" aria-label={ariaLabel} />;
}
