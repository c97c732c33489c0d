import { useState } from 'react';
import { useSession } from '../app/session';
import { useLoad } from '../app/load';
import { ErrorNote, Notice } from '../components/ErrorNote';

/** The official upgrade metrics are "key = value" lines of text. */
export function parseUpgradeMetrics(text: string): Array<[string, string]> {
  return text.split('\n').map((line) => line.split('=')).filter((parts) => parts.length >= 2)
    .map((parts): [string, string] => [parts[0].trim(), parts.slice(1).join('=').trim()]);
}

const EXPLAINED: Record<string, string> = {
  upgraded: 'this node serves in the 2.x mode',
  isAll20XVersion: 'every member is a 2.x node (ours or official), so the cluster may switch',
  isDoubleWriteEnabled: 'writes are also kept in the 1.x form, so a 1.x node could still take over',
};

/**
 * A 1.x -> 2.x upgrade at a glance: this node's mode, double write, the 1.x and 2.x counts, each
 * member's version, and the last step (double write off) as a button.
 */
export function UpgradePage() {
  const { api } = useSession();
  const metrics = useLoad(() => api.upgradeMetrics(), [api]);
  const nodes = useLoad(() => api.nodes(), [api]);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const rows = parseUpgradeMetrics(metrics.data ?? '');
  const doubleWrite = rows.find(([key]) => key === 'isDoubleWriteEnabled')?.[1] === 'true';

  const stopDoubleWrite = async () => {
    if (!window.confirm('Turn double write off? After this the cluster can no longer be rolled back to 1.x nodes.')) {
      return;
    }
    try {
      await api.setSwitch('doubleWriteEnabled', 'false');
      setNotice('Double write is off on every node.');
      metrics.reload();
    } catch (failure) {
      setError((failure as Error).message);
    }
  };

  return (
    <section>
      <div className="title">
        <h1>Upgrade from 1.x</h1>
        <button type="button" onClick={() => { metrics.reload(); nodes.reload(); }}>Refresh</button>
        {doubleWrite && <button type="button" className="danger" onClick={stopDoubleWrite}>Turn double write off</button>}
      </div>
      <ErrorNote error={metrics.error ?? nodes.error ?? error} />
      <Notice text={notice} />
      <h2>Members</h2>
      <table>
        <thead><tr><th>Address</th><th>State</th><th>Version</th><th>Speaks gRPC</th></tr></thead>
        <tbody>{(nodes.data ?? []).map((node) => (
          <tr key={node.address}><td className="mono">{node.address}</td><td>{node.state}</td>
            <td>{String(node.extendInfo?.version ?? '1.x')}</td><td>{String(node.extendInfo?.supportGrpc ?? false)}</td></tr>
        ))}</tbody>
      </table>
      <h2>This node</h2>
      <table>
        <thead><tr><th>Figure</th><th>Value</th><th /></tr></thead>
        <tbody>{rows.map(([key, value]) => (
          <tr key={key} data-testid={`upgrade ${key}`}><td className="mono">{key}</td><td>{value}</td>
            <td className="muted">{EXPLAINED[key] ?? ''}</td></tr>
        ))}</tbody>
      </table>
    </section>
  );
}
