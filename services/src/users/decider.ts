import type { UserEvent } from '@ifu/contracts';
import type { Decider, Decision } from '../platform/command-pipeline';
import { type AcceptIdentityChange, type ConfirmNewEmail, type DeactivateUser, decideAcceptIdentityChange, decideConfirmNewEmail, decideDeactivate, decideModify, decideReactivate, decideRecordTraining, decideRegister, type ModifyUser, type ReactivateUser, type RecordTraining, type RegisterUser, type UserAdminDecision } from './user-admin';
import { initialUserState, evolve, type UserState, decideEnrol, decideReset, type EnrolSecondFactor, type ResetSecondFactor } from '../auth';

export type UserCommand =
  | RegisterUser
  | ModifyUser
  | DeactivateUser
  | ReactivateUser
  | RecordTraining
  | AcceptIdentityChange
  | ConfirmNewEmail
  | EnrolSecondFactor
  | ResetSecondFactor;

const adminDecision = (decided: UserAdminDecision): Decision<UserEvent> =>
  decided.rejection ? { events: [], rejection: { code: decided.rejection } } : { events: decided.events };

/**
 * The user aggregate (`user-<id>` streams): the account record (identity, role, status) and Manage User's rules.
 * Passwords, links, sign-ins and credential checks are the credentials aggregate's (`auth/credentials.ts`).
 */
export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  name: 'user',
  initialState: initialUserState,
  evolve,
  decide(command, state) {
    switch (command.type) {
      case 'RegisterUser':
        return adminDecision(decideRegister(state, command));
      case 'ModifyUser':
        return adminDecision(decideModify(state, command));
      case 'DeactivateUser':
        return adminDecision(decideDeactivate(state, command));
      case 'ReactivateUser':
        return adminDecision(decideReactivate(state, command));
      case 'RecordTraining':
        return adminDecision(decideRecordTraining(state, command));
      case 'AcceptIdentityChange':
        return adminDecision(decideAcceptIdentityChange(state, command));
      case 'ConfirmNewEmail':
        return adminDecision(decideConfirmNewEmail(state, command));
      case 'EnrolSecondFactor':
        return decideEnrol(state, command);
      case 'ResetSecondFactor':
        return decideReset(state, command);
      default: {
        const unhandled: never = command;
        return unhandled;
      }
    }
  },
};
