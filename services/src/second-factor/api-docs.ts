import {
  ConfirmEnrolmentRequest,
  ConfirmEnrolmentResponse,
  GetTokenResponse,
  MessageResponse,
  ResetSecondFactorRequest,
  SecondFactorLoginRequest,
  StartEnrolmentResponse,
} from '@ifu/contracts';
import type { ApiRoute } from '../platform/api-routes';

/** The routes of routes.ts, for the API reference. */
export const secondFactorApi: ApiRoute[] = [
  {
    method: 'post',
    path: '/user/second-factor/enrolment',
    access: 'staff',
    summary: 'Starts setting up a second factor: a new TOTP secret (text and QR code) for an authenticator app',
    takesNoBody: true,
    response: StartEnrolmentResponse,
  },
  {
    method: 'post',
    path: '/user/second-factor/enrolment/confirm',
    access: 'staff',
    summary: 'Confirms the set-up with a current code; answers ten single-use recovery codes, shown this once',
    body: ConfirmEnrolmentRequest,
    response: ConfirmEnrolmentResponse,
  },
  {
    method: 'post',
    path: '/user/get/token/second-factor',
    access: 'public',
    summary: "The login's second step: the challenge of the password step and a 6-digit code (or a recovery code)",
    body: SecondFactorLoginRequest,
    response: GetTokenResponse,
  },
  {
    method: 'post',
    path: '/user/second-factor/reset',
    access: 'admin',
    ifMatch: true,
    summary: "Resets another user's second factor (signed factor-reset); the user is mailed",
    body: ResetSecondFactorRequest,
    response: MessageResponse,
  },
];
