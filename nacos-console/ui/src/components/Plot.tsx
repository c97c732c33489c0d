import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { t } from '../i18n';

export interface Series {
  label: string;
  values: Array<number | null>;
}

const COLOURS = ['#1f6feb', '#d1242f', '#1a7f37', '#9a6700', '#8250df', '#bf3989'];

/**
 * A time plot of a few series over the same instants (epoch ms), drawn by uPlot on a canvas:
 * small and fast enough to redraw every few seconds for every node on a page. A gap (null)
 * is drawn as a break, not as zero.
 */
export function Plot({ title, unit, times, series, height = 160, testId }: {
  title: string; unit: string; times: number[]; series: Series[]; height?: number; testId?: string;
}) {
  const holder = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  const shape = `${title}|${unit}|${series.map((each) => each.label).join('|')}`;

  useEffect(() => {
    const element = holder.current;
    if (!element) {
      return undefined;
    }
    const options: uPlot.Options = {
      width: Math.max(200, element.clientWidth),
      height,
      legend: { show: true },
      scales: { x: { time: true }, y: { range: (_, min, max) => [Math.min(0, min), Math.max(1, max * 1.1)] } },
      axes: [{}, { label: unit, size: 56 }],
      series: [{ label: t('plot.time') }, ...series.map((each, i) => ({ label: each.label, stroke: COLOURS[i % COLOURS.length], width: 1.5,
        spanGaps: false }))],
    };
    chart.current = new uPlot(options, [[], ...series.map(() => [])], element);
    const resize = new ResizeObserver(() => chart.current?.setSize({ width: Math.max(200, element.clientWidth), height }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.current?.destroy();
      chart.current = null;
    };
  // The plot is made again only when its series change; new points go through setData below.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shape, height]);

  useEffect(() => {
    chart.current?.setData([times.map((time) => time / 1000), ...series.map((each) => each.values)]);
  }, [times, series]);

  return (
    <figure className="plot" data-testid={testId} data-points={times.length}>
      <figcaption>{title}</figcaption>
      <div ref={holder} />
    </figure>
  );
}
