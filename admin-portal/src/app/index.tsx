import { AppProvider } from './provider';
import { AppRouter } from './router';
import type { AppDataRouter } from './router';

export const App = ({ router }: { router: AppDataRouter }) => (
  <AppProvider>
    <AppRouter router={router} />
  </AppProvider>
);
