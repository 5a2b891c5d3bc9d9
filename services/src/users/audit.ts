import {
  type AccessRequestEvent,
  type BootstrapEvent,
  type EmailClaimEvent,
  type PasswordSealingEvent,
  type PrintedNameClaimEvent,
  type SecondFactorEvent,
  type UserEvent,
  userStreamId,
} from '@ifu/contracts';
import { auditVocabulary, changedFields, type RecordNamer } from '../platform/audit-vocabulary';

const name = (d: { firstName: string; lastName: string }) => `${d.firstName} ${d.lastName}`;

/** A user is named by their account's stream: their first and last name as added, and as each change made them. */
const userNamer: RecordNamer = {
  kind: 'user',
  stream: userStreamId,
  nameOf: (event) => {
    const e = event as UserEvent;
    return e.type === 'UserRegistered' || e.type === 'UserModified' ? name(e.data) : undefined;
  },
};

/** How the users feature's events read in the audit report (the second factor's: second-factor/audit.ts). */
export const usersVocabulary = auditVocabulary<Exclude<UserEvent, SecondFactorEvent> | EmailClaimEvent | PrintedNameClaimEvent | AccessRequestEvent | BootstrapEvent | PasswordSealingEvent>(
  [
    { prefix: 'user-email-', type: 'email address' },
    { prefix: 'printed-name-', type: 'printed name' },
    // A user's credentials (passwords, links, sign-ins): the same subject as the record itself.
    { prefix: 'user-credentials-', type: 'user' },
    { prefix: 'user-', type: 'user' },
    { prefix: 'access-request-', type: 'access request' },
    { prefix: 'system-bootstrap', type: 'system' },
    { prefix: 'system-password-seals', type: 'system' },
  ],
  {
    SystemBootstrapped: () => ({ action: 'Created the first administrator' }),
    UserRegistered: (d) => ({
      action: `Added user (${d.role})${d.trainingRecordedBy ? `; training recorded as completed by ${d.trainingRecordedBy.name}` : ''}`,
      subjectName: name(d),
    }),
    UserModified: (d, words) => ({ action: `Updated user: ${changedFields(words, 'user', d.changed)}`, subjectName: name(d) }),
    UserTrainingRecorded: (d) => ({
      action: d.completed
        ? `Recorded training as completed (by ${d.recordedBy.name}): the user may sign`
        : `Recorded training as not completed (by ${d.recordedBy.name}): the user cannot sign until it is recorded as completed`,
    }),
    IdentityChangeRequested: (d, words) => ({
      action: `Asked to change ${changedFields(words, 'user', d.changed)}${d.needsAcceptance ? ' (waits for the user to accept)' : ' (waits for the new address to be confirmed)'}`,
      subjectName: name(d.to),
    }),
    IdentityChangeAccepted: () => ({ action: 'Accepted the change of email or name from the current address' }),
    IdentityChangeCancelled: () => ({ action: 'Withdrew a change of email or name (a newer one replaced it)' }),
    UserDeactivated: (d) => ({ action: d.signature ? 'Deactivated user (electronic signature)' : 'Deactivated user', ...(d.reason ? { reason: d.reason } : {}) }),
    UserReactivated: (d) => ({
      action: d.newPasswordRequired ? 'Reactivated user (signed; the previous password no longer works, a set-password link was emailed)' : 'Reactivated user',
    }),
    PasswordLinkIssued: (d) => ({ action: `Emailed a set-password link (${d.purpose})` }),
    PasswordSet: (d) => ({ action: `Set password (${d.via})` }),
    PasswordRevoked: () => ({ action: 'Revoked the password (the user sets a new one after reactivation)' }),
    PasswordHashSealed: () => ({ action: 'Sealed the stored password hash in the log (it was stored before seals)' }),
    StoredPasswordHashesSealed: (d) => ({ action: `Sealed ${d.sealed} stored password hashes in the log (first start with seals)` }),
    LoginSucceeded: () => ({ action: 'Logged in' }),
    LoginFailed: (d) => ({ action: `Login refused (${d.reason})` }),
    CredentialCheckFailed: (d) => ({ action: `Credentials refused for ${d.purpose} (${d.reason})` }),
    AccountLocked: (d, words) => ({
      action: d.source
        ? `Locked out one address after ${d.failures} failed attempts, until ${words.time(d.lockedUntil)}`
        : `Locked account after ${d.failures} failed attempts, until ${words.time(d.lockedUntil)}`,
    }),
    UnlockLinkIssued: () => ({ action: 'Emailed the owner a link to unlock the account' }),
    AccountUnlocked: () => ({ action: 'Unlocked the account through the emailed link' }),
    EmailedLinksClosed: (d) => ({
      action: `Closed the open set-password and unlock links (${d.reason === 'email-changed' ? 'the email address changed' : 'the account was reactivated'})`,
    }),
    LoggedOut: () => ({ action: 'Logged out' }),
    AbsenceDeclared: (d, words) => ({
      action: `Declared an absence from ${d.from} to ${d.until}: what is submitted or reassigned to the user meanwhile goes to the delegate (${words.name('user', d.delegateId)})${d.declaredBy === d.userId ? '' : ', declared by an ADMIN'}`,
    }),
    AbsenceEnded: (d) => ({ action: `Ended the declared absence${d.endedBy === d.userId ? '' : ' (by an ADMIN)'}` }),
    MailPreferenceChosen: (d) => ({
      action: d.taskMail === 'daily-digest' ? 'Chose one daily digest of the mails about their tasks' : 'Chose one mail for each task',
    }),
    EmailClaimed: (d) => ({ action: 'Reserved email address', subjectName: d.email }),
    EmailReleased: (d) => ({ action: 'Released email address', subjectName: d.email }),
    PrintedNameClaimed: (d) => ({ action: 'Reserved printed name (one active user each)', subjectName: d.printedName }),
    PrintedNameReleased: (d) => ({ action: 'Released printed name', subjectName: d.printedName }),
    AdministratorNotified: (d) => ({ action: `Notified the administrator (${d.reason})`, subjectName: d.email }),
  },
  [userNamer],
);
