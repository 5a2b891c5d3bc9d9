import { CurrentUserResponse } from '@ifu/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';

import { api } from '@/lib/api-client';
import { getSession, setSession } from '@/lib/app-state';

/** GET /user/me: checks the session on the server and refreshes the stored name and role. */
export const getCurrentUser = () => api.get('/user/me', { schema: CurrentUserResponse });

export const getCurrentUserQueryOptions = () =>
  queryOptions({ queryKey: ['current-user'], queryFn: getCurrentUser, staleTime: 60_000 });

/**
 * Keeps the stored session in step with the server: a changed role, name or training shows at once (and an
 * ADMIN without a second factor goes to its set-up); a 401 logs out.
 */
export const useCurrentUser = () => {
  const query = useQuery(getCurrentUserQueryOptions());
  const user = query.data;
  useEffect(() => {
    const session = getSession();
    if (!user || !session) return;
    const training = user.isTrainingCompleted ?? session.isTrainingCompleted;
    const factorRequired = user.secondFactorRequired;
    if (
      session.role !== user.role ||
      session.firstName !== user.firstName ||
      session.lastName !== user.lastName ||
      session.isTrainingCompleted !== training ||
      (session.secondFactorRequired === true) !== factorRequired
    ) {
      // A USER made ADMIN without a second factor is sent to its set-up, as at login.
      setSession({
        ...session,
        role: user.role,
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        secondFactorRequired: factorRequired,
        ...(training === undefined ? {} : { isTrainingCompleted: training }),
      });
    }
  }, [user]);
  return query;
};
