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

/** The body of PUT /user/modify. An edit never reactivates: that is the signed Reactivate action (issue 22). */
export const toModifyUserRequest = (user: UserListItem, values: UserFormValues): ModifyUserRequest => ({
  id: user.id,
  ...toAddUserRequest(values),
});

export const fullName = (user: Pick<UserListItem, 'firstName' | 'lastName'>) =>
  [user.firstName, user.lastName].filter(Boolean).join(' ');

type PendingIdentityChange = NonNullable<UserListItem['pendingIdentityChange']>;

/** A change of email or name that takes effect only once the user accepts it from their mailbox (issue 8, finding 2). */
export const pendingText = (pending: PendingIdentityChange) =>
  pending.changed
    .map((field) => (field === 'email' ? `E-Mail ${pending.email}` : field === 'firstName' ? `First Name ${pending.firstName}` : `Last Name ${pending.lastName}`))
    .join(', ');

/** The list's short form of it (issue 22): 'Change pending: new email …' or 'Change pending: new name …'. */
export const pendingChipLabel = (pending: PendingIdentityChange) => {
  const parts = [
    ...(pending.changed.includes('email') ? [`new email ${pending.email}`] : []),
    ...(pending.changed.some((field) => field === 'firstName' || field === 'lastName') ? [`new name ${fullName(pending)}`] : []),
  ];
  return `Change pending: ${parts.join(', ')}`;
};
