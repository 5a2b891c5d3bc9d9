import { SESSION_INACTIVITY_MS } from '@ifu/contracts';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReactNode } from 'react';

import { ErrorBoundary } from '@/components/ui/error-boundary';
import { Notifications } from '@/components/ui/notifications';
import { clearAppState, useSession } from '@/lib/app-state';
import { useInactivityTimeout } from '@/lib/inactivity';
import { INACTIVITY_NOTICE, rememberSignOutNotice } from '@/lib/sign-out-notice';
import { queryConfig } from '@/lib/react-query';
import { theme } from '@/lib/theme';

const onInactive = () => {
  // The login page the reload leads to says why.
  rememberSignOutNotice(INACTIVITY_NOTICE);
  clearAppState();
  window.location.reload();
};

/** Spec §4, Session: 10 minutes without activity clears the stored state and reloads the app; the login page says why. */
const InactivityWatcher = () => {
  const loggedIn = useSession() !== null;
  useInactivityTimeout({ enabled: loggedIn, timeoutMs: SESSION_INACTIVITY_MS, onTimeout: onInactive });
  return null;
};

export const AppProvider = ({ children }: { children: ReactNode }) => {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: queryConfig }));
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <ErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <InactivityWatcher />
          <Notifications />
          {children}
        </QueryClientProvider>
      </ErrorBoundary>
    </ThemeProvider>
  );
};
