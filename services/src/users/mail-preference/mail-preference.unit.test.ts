import { describe, it } from 'vitest';
import type { UserEvent } from '@ifu/contracts';
import { deciderSpec } from '../../../../test-support/specs';
import { mailPreferenceDecider } from './rules';

const spec = deciderSpec(mailPreferenceDecider);
const now = new Date('2026-11-24T08:00:00.000Z');
const registered: UserEvent = {
  type: 'UserRegistered',
  data: { userId: 'u1', email: 'mia@example.com', firstName: 'Mia', lastName: 'Mailer', role: 'USER', isTrainingCompleted: true, origin: 'admin' },
};
const chosen = (taskMail: 'each' | 'daily-digest'): UserEvent => ({ type: 'MailPreferenceChosen', data: { userId: 'u1', taskMail, at: now.toISOString() } });

describe('ChooseMailPreference', () => {
  it('a user who never chose gets one mail each: choosing the digest records it', () => {
    spec.given(registered).when({ type: 'ChooseMailPreference', taskMail: 'daily-digest', now }).then([chosen('daily-digest')]);
  });

  it('the choice they have already records nothing', () => {
    spec.given(registered).when({ type: 'ChooseMailPreference', taskMail: 'each', now }).thenNothing();
    spec.given(registered, chosen('daily-digest')).when({ type: 'ChooseMailPreference', taskMail: 'daily-digest', now }).thenNothing();
  });

  it('back to one mail each', () => {
    spec.given(registered, chosen('daily-digest')).when({ type: 'ChooseMailPreference', taskMail: 'each', now }).then([chosen('each')]);
  });

  it('no account, no choice', () => {
    spec.given().when({ type: 'ChooseMailPreference', taskMail: 'each', now }).thenRefuses({ code: 'user-not-found' });
  });
});
