import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';

import { paths } from '@/config/paths';

import { useSession } from './app-state';
import { afterLoginHref, currentPath, loginHref, secondFactorHref } from './return-path';

/**
 * Every non-public route: no session, go to /login, which returns here after the login (an emailed link). An ADMIN
 * without a second factor goes to its set-up first (returning here after it), unless `enrolment` (the set-up screen
 * itself): the server refuses everything else to that session anyway.
 */
export const ProtectedRoute = ({ children, enrolment = false }: { children: ReactNode; enrolment?: boolean }) => {
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to={loginHref(currentPath(location))} replace />;
  if (session.secondFactorRequired && !enrolment) return <Navigate to={secondFactorHref(currentPath(location))} replace />;
  return children;
};

/** ADMIN-only routes: a USER goes to the document list. */
export const AdminRoute = () => {
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to={loginHref(currentPath(location))} replace />;
  if (session.role !== 'ADMIN') return <Navigate to={paths.app.documents.list.getHref()} replace />;
  return <Outlet />;
};

/** Public screens that make no sense once logged in (the login page): on to where the user was going. */
export const GuestRoute = ({ children }: { children: ReactNode }) => {
  const session = useSession();
  const location = useLocation();
  if (session) return <Navigate to={afterLoginHref(location.search)} replace />;
  return children;
};

export const useIsAdmin = () => useSession()?.role === 'ADMIN';
