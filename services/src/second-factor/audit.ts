import type { SecondFactorEvent } from '@ifu/contracts';
import { auditVocabulary } from '../platform/audit-vocabulary';

/** How the second factor's events read in the audit trail (on the `user-` and `user-credentials-` streams: users'). */
export const secondFactorVocabulary = auditVocabulary<SecondFactorEvent>([], {
  SecondFactorEnrolmentStarted: () => ({ action: 'Started setting up a second factor (authenticator app); not in force until confirmed with a code' }),
  SecondFactorEnrolled: (d) => ({ action: `Set up a second factor (authenticator app), confirmed with a code; ${d.recoveryCodes} single-use recovery codes issued` }),
  SecondFactorCodeAccepted: (d) => ({
    action: d.purpose === 'login' ? 'Second factor: code accepted at login' : 'Second factor: code accepted to confirm the set-up',
  }),
  RecoveryCodeUsed: (d) => ({ action: `Second factor: recovery code ${d.index} of 10 used at login (it no longer works)` }),
  SecondFactorCodeRefused: (d) => ({
    action: `Second factor: code refused ${d.purpose === 'login' ? 'at login' : 'when confirming the set-up'} (${d.reason === 'replayed-code' ? 'already used' : 'wrong code'})`,
  }),
  SecondFactorReset: () => ({ action: 'Reset the second factor (signed); the user sets up a new one' }),
});
