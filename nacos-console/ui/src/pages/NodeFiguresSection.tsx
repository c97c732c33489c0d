import { useState } from 'react';
import { usePolling } from '../app/polling';
import { useSession } from '../app/session';
import { ErrorNote } from '../components/ErrorNote';
import { FigurePlots } from '../components/FigurePlots';
import { NodeFigures } from '../api/nacos';
import { NODE_PLOTS } from '../figures';
import { t } from '../i18n';

const PERIOD_MILLIS = 5000;

/** Every member's last 15 minutes side by side, a column a node, read again every 5 s. */
export function NodeFiguresSection() {
  const { api } = useSession();
  const [nodes, setNodes] = useState<NodeFigures[]>([]);
  const [error, setError] = useState<string | null>(null);

  usePolling((left) => api.clusterFigures().then((answer) => {
    if (!left()) {
      setNodes([...answer].sort((a, b) => a.address.localeCompare(b.address)));
      setError(null);
    }
  }, (failure: Error) => {
    if (!left()) {
      setError(failure.message);
    }
  }), PERIOD_MILLIS, [api]);

  return (
    <>
      <h2>{t('cluster.figures')}</h2>
      <ErrorNote error={error} />
      <div className="node-columns" style={{ gridTemplateColumns: `repeat(${Math.max(1, nodes.length)}, minmax(0, 1fr))` }}>
        {nodes.map((node) => (
          <div key={node.address} className="node-column" data-testid="node figures">
            <h3 className="mono">{node.address}</h3>
            {node.error ? <ErrorNote error={t('cluster.nodeSilent', { reason: node.error })} />
              : <FigurePlots points={node.points ?? []} shapes={NODE_PLOTS} height={120}
                testIdPrefix={`node ${node.address}`} />}
          </div>
        ))}
      </div>
    </>
  );
}
