import { LogoutResponse } from '@ifu/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';

import { paths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { clearAppState } from '@/lib/app-state';

/** POST /user/logout: revokes the server-side session. */
export const logout = () =>
  api.post('/user/logout', undefined, { schema: LogoutResponse, redirectOnUnauthorized: false });

/** Logs out: the server call's failure is ignored; local state is cleared and the user goes to /login. */
export const useLogout = () => {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      clearAppState();
      queryClient.clear();
      navigate(paths.auth.login.getHref(), { replace: true });
    },
  });
};
