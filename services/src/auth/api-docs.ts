import { CurrentUserResponse, GetTokenRequest, GetTokenResponse, LogoutResponse, MessageResponse, UnlockRequest, VerifyEmailRequest, VerifyEmailResponse } from '@ifu/contracts';
import type { ApiRoute } from '../platform/api-routes';

/** The routes of login-routes.ts and unlock.ts, for the API reference. */
export const authApi: ApiRoute[] = [
  {
    method: 'post',
    path: '/user/verify/email',
    access: 'public',
    summary: "The login's first step: whether the address has an active account with a current password (a set-password link is mailed, never answered)",
    body: VerifyEmailRequest,
    response: VerifyEmailResponse,
  },
  {
    method: 'post',
    path: '/user/get/token',
    access: 'public',
    summary: 'Logs in: the bearer token is the answer’s `message` (failures count toward lockout)',
    body: GetTokenRequest,
    response: GetTokenResponse,
  },
  { method: 'post', path: '/user/logout', access: 'staff', takesNoBody: true, summary: 'Ends the session', response: LogoutResponse },
  { method: 'get', path: '/user/me', access: 'staff', summary: 'The logged-in user as the account is now', response: CurrentUserResponse },
  { method: 'post', path: '/user/unlock', access: 'public', summary: "Lifts an account's lock with the emailed link's token", body: UnlockRequest, response: MessageResponse },
];
