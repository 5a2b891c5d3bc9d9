import { z } from 'zod';
import { EMAIL_PATTERN, emailAddress, Role, requiredString } from './common';

/** Spec §5 texts of the user form, shared by the portal's form and the server's answers. */
export const USER_FORM_MESSAGES = {
  firstNameRequired: 'Enter First Name',
  notANumber: 'Should not be a Number',
  lastNameRequired: 'Enter Last Name',
  emailRequired: 'Enter Email',
  emailInvalid: 'Invalid Email Address',
  trainingRequired: 'Training is required',
} as const;

/** Spec §8 messages of Manage User. The add message is prefixed with the user's name. */
export const USER_MESSAGES = {
  added: 'User added successfully!!',
  updated: 'User updated successfully!!',
  deleted: 'User deleted succesfully.',
  addFailed: 'Failed to add user',
  updateFailed: 'Failed to update user',
  deleteFailed: 'Failed to delete user.',
  notifiedAdministrator: 'Notified the administrator',
  passwordCreated: 'Password created successfully.',
} as const;

const isNumeric = (value: string) => /^[\d\s.,+-]+$/.test(value);

const personName = (field: string, requiredMessage: string, checkNumber: boolean) => {
  const base = z
    .string({ error: (issue) => (issue.input === undefined ? `${field}: ${requiredMessage}` : `${field} must be a string`) })
    .trim()
    .min(1, { message: `${field}: ${requiredMessage}`, abort: true })
    .max(100, `${field} must be at most 100 characters`);
  return checkNumber ? base.refine((v) => !isNumeric(v), `${field}: ${USER_FORM_MESSAGES.notANumber}`) : base;
};

const userEmail = z
  .string({ error: (issue) => (issue.input === undefined ? `email: ${USER_FORM_MESSAGES.emailRequired}` : 'email must be a string') })
  .trim()
  .min(1, { message: `email: ${USER_FORM_MESSAGES.emailRequired}`, abort: true })
  .max(254, 'email must be at most 254 characters')
  .regex(EMAIL_PATTERN, `email: ${USER_FORM_MESSAGES.emailInvalid}`);

/**
 * POST /user/add. The spec's payload also carries lastLoginDate, password, passwordActive, passwordCreationDate,
 * passwordSetDate and userActive; they are accepted and ignored: a new user is active, has no password, and sets one
 * through the emailed link.
 */
export const AddUserRequest = z.object({
  email: userEmail,
  firstName: personName('firstName', USER_FORM_MESSAGES.firstNameRequired, true),
  lastName: personName('lastName', USER_FORM_MESSAGES.lastNameRequired, false),
  role: Role.optional().default('USER'),
  isTrainingCompleted: z.literal(true, { error: `isTrainingCompleted: ${USER_FORM_MESSAGES.trainingRequired}` }),
});
export type AddUserRequest = z.input<typeof AddUserRequest>;

/** PUT /user/modify: id plus the user fields; `userActive: true` reactivates a deactivated user. */
export const ModifyUserRequest = AddUserRequest.extend({
  id: requiredString('id', 100),
  userActive: z.boolean({ error: 'userActive must be true or false' }).optional(),
});
export type ModifyUserRequest = z.input<typeof ModifyUserRequest>;

/** DELETE /user/delete (body { id }): deactivation; the user's sessions end at once. */
export const DeleteUserRequest = z.object({ id: requiredString('id', 100) });
export type DeleteUserRequest = z.infer<typeof DeleteUserRequest>;

export const UserStatus = z.enum(['ACTIVE', 'INACTIVE']);

/** One row of GET /user/list/user (spec §3 User, without the password). */
export const UserListItem = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: Role,
  userActive: z.boolean(),
  isDeleted: z.boolean(),
  passwordActive: z.boolean(),
  isTrainingCompleted: z.boolean(),
  lastLoginDate: z.string().nullable(),
  passwordCreationDate: z.string().nullable(),
  passwordSetDate: z.string().nullable(),
  /** ACTIVE when userActive and not isDeleted (spec §4). */
  status: UserStatus,
});
export type UserListItem = z.infer<typeof UserListItem>;

export const UserListResponse = z.object({ userList: z.array(UserListItem) });
export type UserListResponse = z.infer<typeof UserListResponse>;

export const UserMutationResponse = z.object({ message: z.string(), user: UserListItem.optional() });
export type UserMutationResponse = z.infer<typeof UserMutationResponse>;

/** POST /user/notify/admin: asks every active ADMIN for access (unknown email) or activation (inactive user). */
export const NotifyAdminRequest = z.object({ email: emailAddress('email') });
export type NotifyAdminRequest = z.infer<typeof NotifyAdminRequest>;

/** GET /user/approvers: who may be chosen as approver (spec §5: active, non-deleted ADMIN users other than the current user). */
export const ApproverListResponse = z.object({
  approverList: z.array(z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() })),
});
export type ApproverListResponse = z.infer<typeof ApproverListResponse>;
