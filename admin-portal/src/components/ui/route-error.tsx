import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';

import { MainErrorFallback } from './main-error-fallback';

/** The router's errorElement: a failed render or a chunk that would not load. */
export const RouteError = () => {
  const error = useRouteError();
  useEffect(() => {
    console.error('[ui] route failure', error);
  }, [error]);
  return <MainErrorFallback />;
};
