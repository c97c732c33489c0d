/**
 * The plots' data: a node's points of the last 15 minutes, kept in order as new ones arrive, and
 * turned into the series each plot draws.
 */
import { FigurePoint } from './api/nacos';
import { MessageKey } from './i18n';

export const WINDOW_MILLIS = 15 * 60 * 1000;

/** The points kept after {@code newer} arrive: in time order, none repeated, none older than the window. */
export function merged(kept: FigurePoint[], newer: FigurePoint[], now: number): FigurePoint[] {
  const last = kept.length ? kept[kept.length - 1].at : 0;
  return [...kept, ...newer.filter((point) => point.at > last)].filter((point) => point.at >= now - WINDOW_MILLIS);
}

/** One plot: its title, unit and the fields of a point it draws, each a series. */
export interface PlotShape {
  id: string;
  title: MessageKey;
  unit: MessageKey;
  series: Array<{ label: MessageKey; value: (point: FigurePoint) => number | null }>;
}

export const PLOTS: PlotShape[] = [
  { id: 'requests', title: 'plot.requests', unit: 'plot.unit.perSecond', series: [
    { label: 'plot.series.grpc', value: (p) => p.grpcPerSecond },
    { label: 'plot.series.http', value: (p) => p.httpPerSecond }] },
  { id: 'pushes', title: 'plot.pushes', unit: 'plot.unit.perSecond', series: [
    { label: 'plot.series.pushes', value: (p) => p.pushesPerSecond }] },
  { id: 'latency', title: 'plot.latency', unit: 'plot.unit.ms', series: [
    { label: 'plot.series.grpcP50', value: (p) => p.grpcP50Millis },
    { label: 'plot.series.grpcP99', value: (p) => p.grpcP99Millis },
    { label: 'plot.series.httpP99', value: (p) => p.httpP99Millis },
    { label: 'plot.series.pushP99', value: (p) => p.pushP99Millis }] },
  { id: 'connections', title: 'plot.connections', unit: 'plot.unit.count', series: [
    { label: 'plot.series.connections', value: (p) => p.connections }] },
  { id: 'heap', title: 'plot.heap', unit: 'plot.unit.mb', series: [
    { label: 'plot.series.heap', value: (p) => p.heapMb }] },
  { id: 'cpu', title: 'plot.cpu', unit: 'plot.unit.percent', series: [
    { label: 'plot.series.cpu', value: (p) => p.cpuPercent }] },
];

/** The plots a node shows beside the others on the cluster page. */
export const NODE_PLOTS = PLOTS.filter((shape) => ['requests', 'connections', 'heap', 'cpu'].includes(shape.id));
