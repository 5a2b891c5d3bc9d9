import { StrictMode } from 'react';
import { ErrorBoundary } from '../components/error-boundary';
import { ConfigProvider } from '../config/config-context';
import type { AppConfig } from '../config/env';
import { AppRoutes } from './router';

export function App({ config }: { config: AppConfig }) {
  return (
    <StrictMode>
      <ErrorBoundary>
        <ConfigProvider config={config}>
          <AppRoutes />
        </ConfigProvider>
      </ErrorBoundary>
    </StrictMode>
  );
}
