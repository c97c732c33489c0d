import { useEffect, useRef, useState } from 'react';
import { useSession } from '../app/session';
import { ErrorNote } from '../components/ErrorNote';
import { parsePrometheus, quantileBetween, ratesBy, Sample, valueOf } from '../metrics';

const PERIOD_MILLIS = 2000;

interface Figures {
  at: number;
  connections: number;
  grpc: Array<[string, number]>;
  http: Array<[string, number]>;
  pushP99Millis: number | null;
  pushes: number;
  heapMb: number;
  cpu: number;
}

/**
 * The node's own figures every 2 s, from the metrics it already keeps (no Grafana needed):
 * connections, requests a second by type, push p99 and pushes a second, heap and CPU.
 */
export function LivePage() {
  const { api } = useSession();
  const [figures, setFigures] = useState<Figures | null>(null);
  const [error, setError] = useState<string | null>(null);
  const last = useRef<{ at: number; samples: Sample[] } | null>(null);

  useEffect(() => {
    let stopped = false;
    const read = async () => {
      try {
        const samples = parsePrometheus(await api.prometheus());
        const at = Date.now();
        const before = last.current;
        last.current = { at, samples };
        setError(null);
        if (before && !stopped) {
          const seconds = (at - before.at) / 1000;
          const pushesBefore = valueOf(before.samples, 'nacos_push_seconds_count');
          setFigures({
            at,
            connections: valueOf(samples, 'nacos_monitor', { module: 'core', name: 'longConnection' }),
            grpc: ratesBy(before.samples, samples, 'grpc_server_requests_seconds_count', 'requestClass', seconds),
            http: ratesBy(before.samples, samples, 'http_server_requests_seconds_count', 'uri', seconds),
            pushP99Millis: millis(quantileBetween(before.samples, samples, 'nacos_push_seconds_bucket', 0.99)),
            pushes: Math.max(0, valueOf(samples, 'nacos_push_seconds_count') - pushesBefore) / seconds,
            heapMb: valueOf(samples, 'jvm_memory_used_bytes', { area: 'heap' }) / 1048576,
            cpu: valueOf(samples, 'process_cpu_usage'),
          });
        }
      } catch (failure) {
        setError((failure as Error).message);
      }
    };
    read();
    const timer = setInterval(read, PERIOD_MILLIS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [api]);

  return (
    <section>
      <div className="title"><h1>Live</h1><span className="muted">this node, every 2 s</span></div>
      <ErrorNote error={error} />
      {!figures && !error && <p className="muted">Reading the figures twice, 2 s apart…</p>}
      {figures && (
        <>
          <dl className="facts" data-testid="live">
            <dt>Client connections</dt><dd>{figures.connections}</dd>
            <dt>Pushes a second</dt><dd>{figures.pushes.toFixed(1)}</dd>
            <dt>Push p99</dt><dd>{figures.pushP99Millis === null ? 'no push in the last 2 s' : `${figures.pushP99Millis.toFixed(1)} ms`}</dd>
            <dt>Heap used</dt><dd>{figures.heapMb.toFixed(0)} MB</dd>
            <dt>CPU of the process</dt><dd>{(figures.cpu * 100).toFixed(0)}% of the machine</dd>
          </dl>
          <div className="grid2">
            <RateTable title="gRPC requests a second" rates={figures.grpc} />
            <RateTable title="HTTP requests a second" rates={figures.http} />
          </div>
        </>
      )}
    </section>
  );
}

function millis(seconds: number | null): number | null {
  return seconds === null ? null : seconds * 1000;
}

function RateTable({ title, rates }: { title: string; rates: Array<[string, number]> }) {
  return (
    <table>
      <thead><tr><th>{title}</th><th /></tr></thead>
      <tbody>
        {rates.map(([type, rate]) => <tr key={type}><td className="mono">{type}</td><td>{rate.toFixed(1)}</td></tr>)}
        {rates.length === 0 && <tr><td colSpan={2} className="muted">none in the last 2 s</td></tr>}
      </tbody>
    </table>
  );
}
