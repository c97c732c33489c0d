import { describe, expect, it } from 'vitest';
import { FigurePoint } from './api/nacos';
import { merged, PLOTS, WINDOW_MILLIS } from './figures';

function point(at: number, grpc = 1): FigurePoint {
  return { at, grpcPerSecond: grpc, httpPerSecond: 0, pushesPerSecond: 0, grpcP50Millis: 1, grpcP99Millis: 2,
    httpP99Millis: null, pushP99Millis: null, connections: 3, heapMb: 40, cpuPercent: 5 };
}

describe('the plotted points', () => {
  it('keep time order, drop repeats and what left the 15 minutes', () => {
    const now = 1_000_000_000;
    const kept = [point(now - WINDOW_MILLIS - 1), point(now - 10_000), point(now - 5_000)];
    const next = merged(kept, [point(now - 5_000), point(now)], now);
    expect(next.map((each) => each.at)).toEqual([now - 10_000, now - 5_000, now]);
  });

  it('draw a gap where nothing was timed, not a zero', () => {
    const latency = PLOTS.find((shape) => shape.id === 'latency')!;
    const push = latency.series.find((each) => each.label === 'plot.series.pushP99')!;
    expect(push.value(point(1))).toBeNull();
    expect(PLOTS.map((shape) => shape.id)).toEqual(['requests', 'pushes', 'latency', 'connections', 'heap', 'cpu']);
  });
});
