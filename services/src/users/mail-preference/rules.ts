import type { TaskMailPreference, UserEvent } from '@ifu/contracts';
import { asDecision, userDeciderOf } from '../user';

/**
 * A staff member chooses, for themselves, how the mails about their tasks reach them: one mail each, or one daily
 * digest (task-mail/ reads the choice from the `user-accounts` read model when it sends).
 */
export interface ChooseMailPreference {
  type: 'ChooseMailPreference';
  taskMail: TaskMailPreference;
  now: Date;
}

/** The same choice again records nothing: the log keeps only changes of mind. */
export const mailPreferenceDecider = userDeciderOf<ChooseMailPreference>((command, state) => {
  if (!state.exists) return asDecision({ events: [], rejection: 'user-not-found' });
  if (state.taskMail === command.taskMail) return { events: [] };
  const chosen: UserEvent = { type: 'MailPreferenceChosen', data: { userId: state.userId, taskMail: command.taskMail, at: command.now.toISOString() } };
  return { events: [chosen] };
});
