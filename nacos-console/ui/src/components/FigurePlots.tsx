import { FigurePoint } from '../api/nacos';
import { PlotShape } from '../figures';
import { t } from '../i18n';
import { Plot } from './Plot';

/** A node's points drawn as the given plots. */
export function FigurePlots({ points, shapes, height, testIdPrefix }: {
  points: FigurePoint[]; shapes: PlotShape[]; height?: number; testIdPrefix: string;
}) {
  const times = points.map((point) => point.at);
  return (
    <>
      {shapes.map((shape) => (
        <Plot key={shape.id} testId={`${testIdPrefix} ${shape.id}`} title={t(shape.title)} unit={t(shape.unit)}
          times={times} height={height}
          series={shape.series.map((each) => ({ label: t(each.label), values: points.map(each.value) }))} />
      ))}
    </>
  );
}
