import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router-dom';

import { paths } from '@/config/paths';

import { useSession } from './app-state';

/**
 * Every non-public route: no session, go to /login. An ADMIN without a second factor goes to its set-up,
 * unless `enrolment` (the set-up screen itself): the server refuses everything else to that session anyway.
 */
export const ProtectedRoute = ({ children, enrolment = false }: { children: ReactNode; enrolment?: boolean }) => {
  const session = useSession();
  if (!session) return <Navigate to={paths.auth.login.getHref()} replace />;
  if (session.secondFactorRequired && !enrolment) return <Navigate to={paths.app.secondFactor.getHref()} replace />;
  return children;
};

/** ADMIN-only routes: a USER goes to the document list. */
export const AdminRoute = () => {
  const session = useSession();
  if (!session) return <Navigate to={paths.auth.login.getHref()} replace />;
  if (session.role !== 'ADMIN') return <Navigate to={paths.app.documents.list.getHref()} replace />;
  return <Outlet />;
};

/** Public screens that make no sense once logged in (the login page). */
export const GuestRoute = ({ children }: { children: ReactNode }) => {
  const session = useSession();
  if (session) return <Navigate to={paths.home.getHref()} replace />;
  return children;
};

export const useIsAdmin = () => useSession()?.role === 'ADMIN';
