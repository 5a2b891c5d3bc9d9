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
  /** Shown only when editing an INACTIVE user: ticked, the update reactivates them. */
  userActive: z.boolean(),
});
export type UserFormInput = z.input<typeof UserFormValues>;
export type UserFormValues = z.output<typeof UserFormValues>;

export const userFormDefaults = (user?: UserListItem): UserFormInput => ({
  firstName: user?.firstName ?? '',
  lastName: user?.lastName ?? '',
  email: user?.email ?? '',
  admin: user?.role === 'ADMIN',
  isTrainingCompleted: user?.isTrainingCompleted ?? false,
  userActive: false,
});

/** The body of POST /user/add. Training-completed is always sent as true (spec §9). */
export const toAddUserRequest = (values: UserFormValues): AddUserRequest => ({
  email: values.email,
  firstName: values.firstName,
  lastName: values.lastName,
  role: values.admin ? 'ADMIN' : 'USER',
  isTrainingCompleted: true,
});

/** The body of PUT /user/modify; `userActive: true` only when an inactive user is being reactivated. */
export const toModifyUserRequest = (user: UserListItem, values: UserFormValues): ModifyUserRequest => ({
  id: user.id,
  ...toAddUserRequest(values),
  ...(user.status === 'INACTIVE' && values.userActive ? { userActive: true } : {}),
});

export const fullName = (user: Pick<UserListItem, 'firstName' | 'lastName'>) =>
  [user.firstName, user.lastName].filter(Boolean).join(' ');
