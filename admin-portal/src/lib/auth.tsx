import { useRef } from 'react';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';

import { paths } from '@/config/paths';

import { useSession } from './app-state';
import { afterLoginHref, currentPath, loginHref, secondFactorHref } from './return-path';

/**
 * The login a route without a session sends to: remembering this page when it was opened signed out (an emailed
 * link), so that the login returns here; the plain login when the session ended on it (logout, the inactivity limit,
 * another tab logging out).
 */
const useLoginHref = (): string => {
  const session = useSession();
  const location = useLocation();
  const openedSignedOut = useRef(session === null);
  return openedSignedOut.current ? loginHref(currentPath(location)) : loginHref();
};

/**
 * Every non-public route: no session, go to /login (see {@link useLoginHref}). An ADMIN without a second factor goes
 * to its set-up first (returning here after it), unless `enrolment` (the set-up screen itself): the server refuses
 * everything else to that session anyway.
 */
export const ProtectedRoute = ({ children, enrolment = false }: { children: ReactNode; enrolment?: boolean }) => {
  const session = useSession();
  const location = useLocation();
  const login = useLoginHref();
  if (!session) return <Navigate to={login} replace />;
  if (session.secondFactorRequired && !enrolment) return <Navigate to={secondFactorHref(currentPath(location))} replace />;
  return children;
};

/** ADMIN-only routes: a USER goes to the document list. */
export const AdminRoute = () => {
  const session = useSession();
  const login = useLoginHref();
  if (!session) return <Navigate to={login} replace />;
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
