import { firstNameField, lastNameField, USER_FORM_MESSAGES, userEmailField } from '@ifu/contracts';
import type { AddUserRequest, ModifyUserRequest, UserListItem } from '@ifu/contracts';
import { z } from 'zod';

/** The Add/Edit user modal (spec §5, User form): the server's own field rules and messages (services/contracts). */
export const UserFormValues = z.object({
  firstName: firstNameField,
  lastName: lastNameField,
  email: userEmailField,
  admin: z.boolean(),
  isTrainingCompleted: z.boolean().refine((ticked) => ticked, USER_FORM_MESSAGES.trainingRequired),
});
export type UserFormInput = z.input<typeof UserFormValues>;
export type UserFormValues = z.output<typeof UserFormValues>;

/**
 * The Edit user modal: as the Add form, except that the training box may be cleared (retraining after a procedure
 * change). A change of it is recorded as the user's training, by the ADMIN editing.
 */
export const EditUserFormValues = UserFormValues.extend({ isTrainingCompleted: z.boolean() });

export const userFormDefaults = (user?: UserListItem): UserFormInput => ({
  firstName: user?.firstName ?? '',
  lastName: user?.lastName ?? '',
  email: user?.email ?? '',
  admin: user?.role === 'ADMIN',
  isTrainingCompleted: user?.isTrainingCompleted ?? false,
});

/** The body of POST /user/add. Training-completed is always sent as true (spec §9). */
export const toAddUserRequest = (values: UserFormValues): AddUserRequest => ({
  email: values.email,
  firstName: values.firstName,
  lastName: values.lastName,
  role: values.admin ? 'ADMIN' : 'USER',
  isTrainingCompleted: true,
});

/**
 * The body of PUT /user/modify. An edit never reactivates: that is the signed Reactivate action. The
 * training box is sent as ticked: the spec's 'always true' would record every edited user as trained.
 */
export const toModifyUserRequest = (user: UserListItem, values: UserFormValues): ModifyUserRequest => ({
  id: user.id,
  ...toAddUserRequest(values),
  isTrainingCompleted: values.isTrainingCompleted,
});

const pad = (n: number) => String(n).padStart(2, '0');
/** dd/MM/yyyy (spec §9), in the viewer's time zone. */
const displayDate = (iso: string) => {
  const date = new Date(iso);
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
};

/**
 * The user's training record as the edit dialog states it: 'Training completed on 27/11/2026 recorded by
 * Ada Admin', 'Training not completed (recorded on … by …): this user cannot sign …', or as much as the log says.
 */
export const trainingRecordText = (user: Pick<UserListItem, 'isTrainingCompleted' | 'trainingRecordedAt' | 'trainingRecordedBy'>): string => {
  const date = user.trainingRecordedAt ? displayDate(user.trainingRecordedAt) : undefined;
  const by = user.trainingRecordedBy ?? undefined;
  if (user.isTrainingCompleted) {
    return `Training completed${date ? ` on ${date}` : ''}${by ? ` recorded by ${by}` : date ? ' (recorded when the account was created)' : ''}`;
  }
  const recorded = date || by ? ` (recorded${date ? ` on ${date}` : ''}${by ? ` by ${by}` : ''})` : '';
  return `Training not completed${recorded}: this user cannot sign until an ADMIN records it as completed`;
};

export const fullName = (user: Pick<UserListItem, 'firstName' | 'lastName'>) =>
  [user.firstName, user.lastName].filter(Boolean).join(' ');

type PendingIdentityChange = NonNullable<UserListItem['pendingIdentityChange']>;

/** A change of email or name that takes effect only once the user accepts it from their mailbox. */
export const pendingText = (pending: PendingIdentityChange) =>
  pending.changed
    .map((field) => (field === 'email' ? `E-Mail ${pending.email}` : field === 'firstName' ? `First Name ${pending.firstName}` : `Last Name ${pending.lastName}`))
    .join(', ');

/** The list's short form of it: 'Change pending: new email …' or 'Change pending: new name …'. */
export const pendingChipLabel = (pending: PendingIdentityChange) => {
  const parts = [
    ...(pending.changed.includes('email') ? [`new email ${pending.email}`] : []),
    ...(pending.changed.some((field) => field === 'firstName' || field === 'lastName') ? [`new name ${fullName(pending)}`] : []),
  ];
  return `Change pending: ${parts.join(', ')}`;
};
