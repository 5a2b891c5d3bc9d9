import type { UserEvent } from '@ifu/contracts';
import type { Decider } from '../platform/command-pipeline';
import { decideEnrol, decideReset, type EnrolSecondFactor, type ResetSecondFactor, type UserState } from '../auth';
import { type IdentityChangeCommand, identityChangeDecider } from './identity-change/rules';
import { type ManageUserCommand, manageUserDecider } from './manage/rules';
import { userDeciderOf } from './user';

export type UserCommand = ManageUserCommand | IdentityChangeCommand | EnrolSecondFactor | ResetSecondFactor;

/**
 * Every command of the user aggregate in one decider, for what records any of them outside a use case's own steps:
 * the second factor (its enrolment and reset decisions are auth's), the first administrator, the demo data and tests.
 * Each use case's own steps decide through its own decider; all of them fold and snapshot alike (`user.ts`).
 */
export const userDecider: Decider<UserCommand, UserEvent, UserState> = userDeciderOf<UserCommand>((command, state) => {
  switch (command.type) {
    case 'AcceptIdentityChange':
    case 'ConfirmNewEmail':
      return identityChangeDecider.decide(command, state);
    case 'EnrolSecondFactor':
      return decideEnrol(state, command);
    case 'ResetSecondFactor':
      return decideReset(state, command);
    default:
      return manageUserDecider.decide(command, state);
  }
});
