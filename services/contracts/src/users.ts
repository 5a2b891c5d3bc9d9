import { z } from 'zod';
import { emailAddress, emailedToken, emailField, INVISIBLE_CHARACTER, ListQuery, looksLikeNumber, requiredString, requiredText, Role } from './common';
import { AbsenceView } from './approver-routing';
import { DeactivationCredentials, reasonText } from './signatures';

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
  /** A reactivation (not in the spec). */
  reactivated: 'User reactivated. They set a new password with the link emailed to them.',
} as const;

/**
 * A printed name shows on every signature (21 CFR 11.100): a character that prints as nothing (zero-width, joiner,
 * Hangul filler, braille blank: contracts' INVISIBLE_CHARACTER) would make it look like another user's.
 */
export const NAME_INVISIBLE_MESSAGE = 'must not contain invisible or blank filler characters';
const visibleName = (v: string) => !INVISIBLE_CHARACTER.test(v);

/** The fields of the user form, used by the server's requests and the portal's modal alike. */
export const firstNameField = requiredText(USER_FORM_MESSAGES.firstNameRequired, 100)
  .refine(visibleName, { message: NAME_INVISIBLE_MESSAGE, abort: true })
  .refine((v) => !looksLikeNumber(v), USER_FORM_MESSAGES.notANumber);
export const lastNameField = requiredText(USER_FORM_MESSAGES.lastNameRequired, 100).refine(visibleName, NAME_INVISIBLE_MESSAGE);
export const userEmailField = emailField({ required: USER_FORM_MESSAGES.emailRequired, invalid: USER_FORM_MESSAGES.emailInvalid });
export const trainingCompletedField = z.literal(true, { error: USER_FORM_MESSAGES.trainingRequired });

/**
 * Training before signing (21 CFR 11.10(i)): the refusal every signature of an untrained user gets, and
 * what the edit dialog says of a user's training record. Shared by the API's error registry and the portal.
 */
export const TRAINING_MESSAGES = {
  notCompleted: 'Your training is not recorded as completed; you cannot sign until an administrator records it.',
  ownRecord: "You cannot record your own training: another ADMIN records it (four eyes).",
  ownRecordHint: 'Another ADMIN records your training.',
} as const;

/**
 * POST /user/add. The spec's payload also carries lastLoginDate, password, passwordActive, passwordCreationDate,
 * passwordSetDate and userActive; they are accepted and ignored: a new user is active, has no password, and sets one
 * through the emailed link.
 */
export const AddUserRequest = z.object({
  email: userEmailField,
  firstName: firstNameField,
  lastName: lastNameField,
  role: Role.optional().default('USER'),
  isTrainingCompleted: trainingCompletedField,
});
export type AddUserRequest = z.input<typeof AddUserRequest>;

/**
 * PUT /user/modify: id plus the user fields. `userActive` is accepted as the spec's payload has it, but a deactivated
 * user is reactivated only by the signed POST /user/reactivate: `userActive: true` for one is refused.
 */
export const ModifyUserRequest = AddUserRequest.extend({
  id: requiredString('id', 100),
  /**
   * Unlike the Add User form, the edit may clear it (retraining after a procedure change); a change of it is
   * recorded as the user's training (`UserTrainingRecorded`), by an ADMIN other than the user.
   */
  isTrainingCompleted: z.boolean({ error: 'must be true or false' }),
  userActive: z.boolean({ error: 'must be true or false' }).optional(),
});
export type ModifyUserRequest = z.input<typeof ModifyUserRequest>;

/**
 * DELETE /user/delete (body { id, username, password }): deactivation, signed by the admin with their own
 * credentials (architecture §2: every deactivation is an electronic signature). The user's sessions end at once.
 * `reason`: why, which the dialog asks for; the spec's payload has none, so it is optional (bounded, no control
 * characters), recorded in the event and shown in the audit trail.
 */
export const DeleteUserRequest = z
  .object({ id: requiredString('id', 100) })
  .extend(DeactivationCredentials.shape)
  .extend({ reason: reasonText().optional() });
export type DeleteUserRequest = z.infer<typeof DeleteUserRequest>;

/**
 * POST /user/reactivate (body { id, username, password }; an addition to the spec's calls): a deactivated
 * user is made active again, signed by the ADMIN with their own credentials (meaning 'reactivation') at the version
 * the list showed (If-Match). The user's old password stops working; a set-password link is mailed to them.
 */
export const ReactivateUserRequest = z.object({ id: requiredString('id', 100) }).extend(DeactivationCredentials.shape);
export type ReactivateUserRequest = z.infer<typeof ReactivateUserRequest>;

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
  /** When the training, as it stands, was recorded; null when the log does not say (older records). */
  trainingRecordedAt: z.string().nullable().optional(),
  /** The printed name of the ADMIN who recorded it; null for the first administrator and older records. */
  trainingRecordedBy: z.string().nullable().optional(),
  lastLoginDate: z.string().nullable(),
  passwordCreationDate: z.string().nullable(),
  passwordSetDate: z.string().nullable(),
  /** ACTIVE when userActive and not isDeleted (spec §4). */
  status: UserStatus,
  /** The user stream's version: send it back as If-Match with a change to this user. */
  version: z.number().int().optional(),
  /** A change of email or name waiting for the user to accept or confirm it (it takes effect only then). */
  pendingIdentityChange: z.object({ email: z.string(), firstName: z.string(), lastName: z.string(), changed: z.array(z.string()) }).nullable().optional(),
  /** The user has an enrolled second factor (an authenticator app). */
  secondFactorEnrolled: z.boolean().optional(),
});
export type UserListItem = z.infer<typeof UserListItem>;

/**
 * GET /user/list/user: the whole list without paging parameters (as the spec's call); with `page`, one page of it,
 * sorted and searched on the server, `total` counting every match. `status=ACTIVE` keeps only active users.
 */
export const UserListQuery = ListQuery.extend({
  status: UserStatus.optional(),
  sortField: z.enum(['firstName', 'lastName', 'email', 'role', 'status']).optional(),
});
export type UserListQuery = z.input<typeof UserListQuery>;
export const UserListResponse = z.object({ userList: z.array(UserListItem), total: z.number().int().optional() });
export type UserListResponse = z.infer<typeof UserListResponse>;

export const UserMutationResponse = z.object({ message: z.string(), user: UserListItem.optional() });
export type UserMutationResponse = z.infer<typeof UserMutationResponse>;

/** Spec §8 and our own texts of an identity change. */
export const IDENTITY_CHANGE_MESSAGES = {
  requested: 'User updated successfully!! The change of email or name takes effect once the user accepts it from their mailbox.',
  accepted: 'Change accepted. To finish, confirm the new address with the link just sent to it.',
  applied: 'Your account details are changed.',
  emailChanged: 'Your account now uses its new email address. Log in with it.',
} as const;

/** POST /user/confirm/change { token }: accepts (from the current address) or confirms (from the new one) a change. */
export const ConfirmChangeRequest = z.object({
  token: emailedToken(),
});
export type ConfirmChangeRequest = z.infer<typeof ConfirmChangeRequest>;

/** POST /user/notify/admin: asks every active ADMIN for access (unknown email) or activation (inactive user). */
export const NotifyAdminRequest = z.object({ email: emailAddress('email') });
export type NotifyAdminRequest = z.infer<typeof NotifyAdminRequest>;

/** GET /user/approvers: who may be chosen as approver (spec §5: active, non-deleted ADMIN users other than the current user). */
export const ApproverListResponse = z.object({
  approverList: z.array(
    z.object({
      id: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      email: z.string(),
      /**
       * An absence the approver declared that is not over (an addition to the spec's list): what is submitted to them
       * on its days goes to the delegate, when the delegate may approve it.
       */
      absence: AbsenceView.optional(),
    }),
  ),
});
export type ApproverListResponse = z.infer<typeof ApproverListResponse>;
