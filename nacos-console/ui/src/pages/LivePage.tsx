import { useRef, useState } from 'react';
import { usePolling } from '../app/polling';
import { useSession } from '../app/session';
import { ErrorNote } from '../components/ErrorNote';
import { FigurePlots } from '../components/FigurePlots';
import { FigurePoint } from '../api/nacos';
import { merged, PLOTS } from '../figures';
import { parsePrometheus, ratesBy, Sample } from '../metrics';
import { t } from '../i18n';

const PERIOD_MILLIS = 5000;

/**
 * This node over the last 15 minutes, from the figures it keeps of its own meters (the ones its
 * Prometheus endpoint shows; no Grafana needed): requests and pushes a second, latency
 * quantiles, connections, heap and CPU, plotted and brought up to date every 5 s; and the
 * requests a second by type since the previous read.
 */
export function LivePage() {
  const { api } = useSession();
  const [points, setPoints] = useState<FigurePoint[]>([]);
  const [rates, setRates] = useState<{ grpc: Array<[string, number]>; http: Array<[string, number]> } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const last = useRef<{ at: number; samples: Sample[] } | null>(null);
  const newest = useRef(0);

  usePolling(async (left) => {
    try {
      const [figures, text] = await Promise.all([api.figures(newest.current), api.prometheus()]);
      if (left()) {
        return;
      }
      const received = figures.points ?? [];
      if (received.length) {
        newest.current = received[received.length - 1].at;
      }
      setPoints((kept) => merged(kept, received, Date.now()));
      const samples = parsePrometheus(text);
      const at = Date.now();
      const before = last.current;
      last.current = { at, samples };
      if (before) {
        const seconds = (at - before.at) / 1000;
        setRates({
          grpc: ratesBy(before.samples, samples, 'grpc_server_requests_seconds_count', 'requestClass', seconds),
          http: ratesBy(before.samples, samples, 'http_server_requests_seconds_count', 'uri', seconds),
        });
      }
      setError(null);
    } catch (failure) {
      setError((failure as Error).message);
    }
  }, PERIOD_MILLIS, [api]);

  const latest = points.length ? points[points.length - 1] : null;
  return (
    <section>
      <div className="title"><h1>{t('live.title')}</h1><span className="muted">{t('live.subtitle')}</span></div>
      <ErrorNote error={error} />
      {!latest && !error && <p className="muted">{t('live.waiting')}</p>}
      {latest && (
        <dl className="facts" data-testid="live">
          <dt>{t('plot.series.connections')}</dt><dd>{latest.connections}</dd>
          <dt>{t('live.pushesNow')}</dt><dd>{latest.pushesPerSecond.toFixed(1)}</dd>
          <dt>{t('plot.series.pushP99')}</dt><dd>{latest.pushP99Millis === null ? t('live.noPush')
            : `${latest.pushP99Millis.toFixed(1)} ${t('plot.unit.ms')}`}</dd>
          <dt>{t('plot.heap')}</dt><dd>{latest.heapMb.toFixed(0)} MB</dd>
          <dt>{t('plot.cpu')}</dt><dd>{latest.cpuPercent.toFixed(0)}%</dd>
        </dl>
      )}
      <div className="plots" data-testid="live plots">
        <FigurePlots points={points} shapes={PLOTS} testIdPrefix="plot" />
      </div>
      {rates && (
        <div className="grid2">
          <RateTable title={t('live.grpcByType')} rates={rates.grpc} />
          <RateTable title={t('live.httpByRoute')} rates={rates.http} />
        </div>
      )}
    </section>
  );
}

function RateTable({ title, rates }: { title: string; rates: Array<[string, number]> }) {
  return (
    <table>
      <thead><tr><th>{title}</th><th /></tr></thead>
      <tbody>
        {rates.map(([type, rate]) => <tr key={type}><td className="mono">{type}</td><td>{rate.toFixed(1)}</td></tr>)}
        {rates.length === 0 && <tr><td colSpan={2} className="muted">{t('live.noneRecently')}</td></tr>}
      </tbody>
    </table>
  );
}
