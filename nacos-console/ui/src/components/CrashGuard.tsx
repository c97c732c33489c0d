import { Component, ReactNode } from 'react';
import { t } from '../i18n';

/** A page that throws while rendering (an answer shaped unlike what it expects) shows why, never a blank page. */
export class CrashGuard extends Component<{ children: ReactNode }, { error: Error | null }> {
  state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  render() {
    if (this.state.error) {
      return (
        <div className="error" role="alert">
          {t('crash.failed', { reason: this.state.error.message })}{' '}
          <button type="button" onClick={() => { this.setState({ error: null }); window.location.reload(); }}>{t('crash.reload')}</button>
        </div>
      );
    }
    return this.props.children;
  }
}
