import { USER_FORM_MESSAGES } from '@ifu/contracts';
import type { UserListItem } from '@ifu/contracts';
import { describe, expect, it } from 'vitest';
import { EditUserFormValues, pendingChipLabel, toModifyUserRequest, trainingRecordText, UserFormValues, userFormDefaults } from './user-form-values';

const messages = (input: unknown) => {
  const result = UserFormValues.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

const user: UserListItem = {
  id: 'u-1',
  email: 'ina.active@example.com',
  firstName: 'Ina',
  lastName: 'Active',
  role: 'USER',
  userActive: false,
  isDeleted: true,
  passwordActive: true,
  isTrainingCompleted: true,
  lastLoginDate: null,
  passwordCreationDate: null,
  passwordSetDate: null,
  status: 'INACTIVE',
};

describe('the user form', () => {
  it('when submitted empty, then every required field says so, training included, as the server would (one message a field)', () => {
    expect(messages(userFormDefaults())).toEqual([
      `firstName: ${USER_FORM_MESSAGES.firstNameRequired}`,
      `lastName: ${USER_FORM_MESSAGES.lastNameRequired}`,
      `email: ${USER_FORM_MESSAGES.emailRequired}`,
      `isTrainingCompleted: ${USER_FORM_MESSAGES.trainingRequired}`,
    ]);
    expect(messages({ ...userFormDefaults(), firstName: 'A', lastName: 'B', email: 'not-an-address', isTrainingCompleted: true })).toEqual([
      `email: ${USER_FORM_MESSAGES.emailInvalid}`,
    ]);
  });

  it('when the first name is a number or the email is malformed, then the spec messages show', () => {
    const values = { ...userFormDefaults(), firstName: '12 34', lastName: 'X', email: 'nope@', isTrainingCompleted: true };
    expect(messages(values)).toEqual([`firstName: ${USER_FORM_MESSAGES.notANumber}`, `email: ${USER_FORM_MESSAGES.emailInvalid}`]);
  });

  it('when an inactive user is edited, then the update changes the fields, sends the training as ticked, and never reactivates', () => {
    const values = EditUserFormValues.parse({ ...userFormDefaults(user), admin: true });
    expect(toModifyUserRequest(user, values)).toEqual({
      id: 'u-1',
      email: 'ina.active@example.com',
      firstName: 'Ina',
      lastName: 'Active',
      role: 'ADMIN',
      isTrainingCompleted: true,
    });
  });

  it('when the edit form clears the training box, then it is valid and sent as not completed (the add form still requires it)', () => {
    const values = EditUserFormValues.parse({ ...userFormDefaults(user), isTrainingCompleted: false });
    expect(toModifyUserRequest(user, values)).toMatchObject({ id: 'u-1', isTrainingCompleted: false });
    expect(messages({ ...userFormDefaults(), firstName: 'A', lastName: 'B', email: 'a@example.com', isTrainingCompleted: false })).toEqual([
      `isTrainingCompleted: ${USER_FORM_MESSAGES.trainingRequired}`,
    ]);
  });

  it('states the training record: completed on a date recorded by an ADMIN, not completed (who, when), or as much as the log says', () => {
    const at = new Date(2026, 10, 27, 12).toISOString();
    expect(trainingRecordText({ isTrainingCompleted: true, trainingRecordedAt: at, trainingRecordedBy: 'Ada Admin' })).toBe('Training completed on 27/11/2026 recorded by Ada Admin');
    expect(trainingRecordText({ isTrainingCompleted: false, trainingRecordedAt: at, trainingRecordedBy: 'Ada Admin' })).toBe(
      'Training not completed (recorded on 27/11/2026 by Ada Admin): this user cannot sign until an ADMIN records it as completed',
    );
    expect(trainingRecordText({ isTrainingCompleted: true, trainingRecordedAt: at, trainingRecordedBy: null })).toBe('Training completed on 27/11/2026 (recorded when the account was created)');
    expect(trainingRecordText({ isTrainingCompleted: true })).toBe('Training completed');
  });

  it('when a change of email or name is pending, then the list names what is coming', () => {
    const pending = { email: 'ina.new@example.com', firstName: 'Ina', lastName: 'Neu', changed: ['email'] };
    expect(pendingChipLabel(pending)).toBe('Change pending: new email ina.new@example.com');
    expect(pendingChipLabel({ ...pending, changed: ['lastName'] })).toBe('Change pending: new name Ina Neu');
    expect(pendingChipLabel({ ...pending, changed: ['email', 'firstName'] })).toBe('Change pending: new email ina.new@example.com, new name Ina Neu');
  });
});
