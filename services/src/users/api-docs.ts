import {
  AddUserRequest,
  ApproverListResponse,
  ChangePasswordRequest,
  ConfirmChangeRequest,
  DeleteUserRequest,
  ForgotPasswordRequest,
  MessageResponse,
  ModifyUserRequest,
  NotifyAdminRequest,
  ReactivateUserRequest,
  SetPasswordLinkCheckRequest,
  SetPasswordRequest,
  UserListQuery,
  UserListResponse,
  UserMutationResponse,
} from '@ifu/contracts';
import type { ApiRoute } from '../platform/api-routes';

/** The routes of passwords/, access-requests/, manage/ and identity-change/. */
export const usersApi: ApiRoute[] = [
  { method: 'post', path: '/user/forgot/password', access: 'public', summary: 'Mails a set-password link (the same answer for any address)', body: ForgotPasswordRequest, response: MessageResponse },
  { method: 'post', path: '/user/set/password', access: 'public', summary: "Sets a password with the emailed link's token", body: SetPasswordRequest, response: MessageResponse },
  {
    method: 'post',
    path: '/user/set/password/check',
    access: 'public',
    summary: 'Says whether an emailed set-password link still works (400 when used, expired or unknown); records nothing',
    body: SetPasswordLinkCheckRequest,
    response: MessageResponse,
  },
  { method: 'post', path: '/user/change/password', access: 'staff', summary: "Changes the logged-in user's password (the current one re-entered)", body: ChangePasswordRequest, response: MessageResponse },
  { method: 'post', path: '/user/notify/admin', access: 'public', summary: 'Asks the ADMINs to create or reactivate an account', body: NotifyAdminRequest, response: MessageResponse },
  { method: 'get', path: '/user/approvers', access: 'staff', summary: 'The active ADMINs who can approve, but the caller', response: ApproverListResponse },
  { method: 'get', path: '/user/list/user', access: 'admin', summary: 'The users (paging, sorting, search)', query: UserListQuery, response: UserListResponse },
  { method: 'post', path: '/user/add', access: 'admin', summary: 'Creates a user; their set-password link is mailed', body: AddUserRequest, response: UserMutationResponse },
  {
    method: 'put',
    path: '/user/modify',
    access: 'admin',
    ifMatch: true,
    summary:
      "Changes a user (a new email or printed name waits for the user's acceptance); a change of isTrainingCompleted is recorded as the user's training, by an ADMIN other than the user",
    body: ModifyUserRequest,
    response: UserMutationResponse,
  },
  { method: 'delete', path: '/user/delete', access: 'admin', ifMatch: true, summary: 'Deactivates a user (signed deactivation)', body: DeleteUserRequest, response: UserMutationResponse },
  {
    method: 'post',
    path: '/user/reactivate',
    access: 'admin',
    ifMatch: true,
    summary: 'Reactivates a deactivated user (signed reactivation); their old password stops working and a set-password link is mailed',
    body: ReactivateUserRequest,
    response: UserMutationResponse,
  },
  { method: 'post', path: '/user/confirm/change', access: 'public', summary: "Accepts or confirms an email or printed-name change with the emailed link's token", body: ConfirmChangeRequest, response: MessageResponse },
];
