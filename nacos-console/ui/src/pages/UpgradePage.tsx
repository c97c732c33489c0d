import { useState } from 'react';
import { useSession } from '../app/session';
import { useLoad } from '../app/load';
import { ErrorNote, Notice } from '../components/ErrorNote';
import { MessageKey, t } from '../i18n';

/** The official upgrade metrics are "key = value" lines of text. */
export function parseUpgradeMetrics(text: string): Array<[string, string]> {
  return text.split('\n').map((line) => line.split('=')).filter((parts) => parts.length >= 2)
    .map((parts): [string, string] => [parts[0].trim(), parts.slice(1).join('=').trim()]);
}

const EXPLAINED: Record<string, MessageKey> = {
  upgraded: 'upgrade.explain.upgraded',
  isAll20XVersion: 'upgrade.explain.all20x',
  isDoubleWriteEnabled: 'upgrade.explain.doubleWrite',
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
    if (!window.confirm(t('upgrade.confirmStop'))) {
      return;
    }
    try {
      await api.setSwitch('doubleWriteEnabled', 'false');
      setNotice(t('upgrade.stopped'));
      metrics.reload();
    } catch (failure) {
      setError((failure as Error).message);
    }
  };

  return (
    <section>
      <div className="title">
        <h1>{t('upgrade.title')}</h1>
        <button type="button" onClick={() => { metrics.reload(); nodes.reload(); }}>{t('common.refresh')}</button>
        {doubleWrite && <button type="button" className="danger" onClick={stopDoubleWrite}>{t('upgrade.stop')}</button>}
      </div>
      <ErrorNote error={metrics.error ?? nodes.error ?? error} />
      <Notice text={notice} />
      <h2>{t('upgrade.members')}</h2>
      <table>
        <thead><tr><th>{t('service.address')}</th><th>{t('cluster.state')}</th><th>{t('history.version')}</th><th>{t('upgrade.grpc')}</th></tr></thead>
        <tbody>{(nodes.data ?? []).map((node) => (
          <tr key={node.address}><td className="mono">{node.address}</td><td>{node.state}</td>
            <td>{String(node.extendInfo?.version ?? '1.x')}</td><td>{String(node.extendInfo?.supportGrpc ?? false)}</td></tr>
        ))}</tbody>
      </table>
      <h2>{t('upgrade.thisNode')}</h2>
      <table>
        <thead><tr><th>{t('upgrade.figure')}</th><th>{t('upgrade.value')}</th><th /></tr></thead>
        <tbody>{rows.map(([key, value]) => (
          <tr key={key} data-testid={`upgrade ${key}`}><td className="mono">{key}</td><td>{value}</td>
            <td className="muted">{EXPLAINED[key] ? t(EXPLAINED[key]) : ''}</td></tr>
        ))}</tbody>
      </table>
    </section>
  );
}
