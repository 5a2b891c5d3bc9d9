import type { UserEvent } from '@ifu/contracts';
import type { Decider, Decision } from '../platform/command-pipeline';
import { plainRejection, type PlainErrorCode } from '../platform/errors';
import { evolve, initialUserState, type UserState } from '../auth';

/**
 * The user aggregate (`user-<id>` streams) as Manage User decides on it. Its state and `evolve` are auth's (the
 * account: `auth/account.ts`); each use case (manage/, identity-change/, the second factor) decides its own commands on
 * that state through `userDeciderOf`: the name, `initialState` and `evolve` are the account fold's, so one fold and one
 * snapshot serve every use case and the request's authentication alike.
 */
export const userDeciderOf = <Command>(decide: (command: Command, state: UserState) => Decision<UserEvent>): Decider<Command, UserEvent, UserState> => ({
  name: 'user',
  initialState: initialUserState,
  evolve,
  decide: (command, state) => decide(command, state),
});

/** A refusal code of a use case's rules, or its events, as the pipeline takes a decision. */
export type UserRulesDecision<Rejection extends PlainErrorCode> = { events: UserEvent[]; rejection?: undefined } | { events: []; rejection: Rejection };

export const asDecision = <Rejection extends PlainErrorCode>(decided: UserRulesDecision<Rejection>): Decision<UserEvent> =>
  decided.rejection ? { events: [], rejection: plainRejection(decided.rejection) } : { events: decided.events };
