import { t } from '../i18n';

/** A failure as the user sees it: what failed and the server's reason, never a blank page. */
export function ErrorNote({ error, onRetry }: { error: string | null; onRetry?: () => void }) {
  if (!error) {
    return null;
  }
  return (
    <div className="error" role="alert">
      <span>{error}</span>
      {onRetry && <button type="button" onClick={onRetry}>{t('common.retry')}</button>}
    </div>
  );
}

export function Notice({ text }: { text: string | null }) {
  return text ? <div className="notice" role="status">{text}</div> : null;
}
