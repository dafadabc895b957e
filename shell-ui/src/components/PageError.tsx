import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function PageLoadFailed() {
  const { t } = useTranslation();
  return (
    <div className="vk-alert vk-alert--danger" role="alert">
      <p>{t('errors.pageLoad')}</p>
      <button type="button" className="vk-btn vk-btn--primary" onClick={() => window.location.reload()}>
        {t('actions.retry')}
      </button>
    </div>
  );
}

/** A page that failed to load (chunk time-out, network, a render error) shows a retry, never a blank app. */
export class PageErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, { failed: boolean; key?: string }> {
  state = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: { resetKey?: string }, state: { failed: boolean; key?: string }) {
    // A navigation elsewhere gets a fresh chance.
    return props.resetKey !== state.key ? { failed: false, key: props.resetKey } : null;
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Page failed', error, info.componentStack);
  }

  render() {
    return this.state.failed ? <PageLoadFailed /> : this.props.children;
  }
}
