import { SESSION_INACTIVITY_MS } from '@ifu/contracts';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { MutationCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReactNode } from 'react';

import { ErrorBoundary } from '@/components/ui/error-boundary';
import { TASKS_QUERY_KEY } from '@/features/tasks/api/get-my-tasks';
import { Notifications } from '@/components/ui/notifications';
import { clearAppState, getSession, useSession } from '@/lib/app-state';
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
  const [queryClient] = useState(() => {
    // Whatever a person just did may have ended a task of theirs or made one: the side menu's count follows at once.
    // Once the mutation's own callbacks have run, so that a logout (which clears the session) asks nothing more.
    const refreshTasks = () =>
      setTimeout(() => {
        if (getSession()) void client.invalidateQueries({ queryKey: TASKS_QUERY_KEY });
      }, 0);
    const client: QueryClient = new QueryClient({ defaultOptions: queryConfig, mutationCache: new MutationCache({ onSuccess: refreshTasks }) });
    return client;
  });
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
