import type { Role } from '../common';
import type { Signature } from '../signatures';
import type { TaskMailPreference } from '../task-mail';

export type PasswordLinkPurpose = 'new-user' | 'reset' | 'expired' | 'reactivated';

export type CredentialFailureReason = 'wrong-password' | 'account-locked' | 'user-inactive' | 'password-expired';

/**
 * Events about staff accounts: the contract between the users and auth features that write them and the projections
 * and audit report that read them. Never a password, its hash, or a token in here. The account record (identity,
 * role, status) lives in `user-<id>` streams; its credentials (passwords set, set-password links, sign-ins, every
 * re-entered credential and the lockout) in `user-credentials-<id>` streams, so that neither a login nor a password
 * change grows the record's stream or changes its version (the ETag an admin signs against). Logs written before
 * that split hold credential events in `user-<id>` too; every reader accepts both.
 *
 * Seals: a password's hash and an emailed link's token are kept in tables the API writes; the
 * events that set them carry a keyed seal of them (an HMAC under a key derived from AUDIT_KEY, never the hash or the
 * token), so a row changed behind the product's back no longer matches its log.
 */
/** What Manage User records of an account: who it is (email, printed name) and what it may do. */
export type UserProfile = {
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  isTrainingCompleted: boolean;
};

/** Who recorded a user's training: the ADMIN's id and printed name at the time. */
export type TrainingRecorder = { userId: string; name: string };

export type UserEvent =
  | {
      type: 'UserRegistered';
      data: UserProfile & {
        userId: string;
        /** 'bootstrap' for the first administrator created on an empty store. */
        origin: 'bootstrap' | 'admin';
        /**
         * The ADMIN who added the user and, by ticking 'Is Training Completed?' on the Add User form, attested their
         * training. Absent for the first administrator and on events from before it was recorded.
         */
        trainingRecordedBy?: TrainingRecorder;
      };
    }
  | {
      /**
       * An ADMIN recorded the user's training as completed, or as not completed (a retraining after a procedure change):
       * 21 CFR 11.10(i). Until it is recorded as completed the user cannot sign. `recordedBy` is the ADMIN as their
       * printed name read then (the actor is in the metadata too), never the user themselves (four eyes).
       */
      type: 'UserTrainingRecorded';
      data: { userId: string; completed: boolean; at: string; recordedBy: TrainingRecorder };
    }
  | {
      type: 'UserModified';
      data: UserProfile & {
        userId: string;
        /** Names of the fields that changed. */
        changed: string[];
        /** 'identity-change': a change of email or name the user accepted (and confirmed from the new address). */
        via?: 'identity-change';
      };
    }
  | {
      /**
       * Someone asked to change the user's email or printed name. Nothing changes yet: the user
       * accepts from the current address when someone else asked (`needsAcceptance`), and a new address is confirmed
       * from that address; then `UserModified` (via 'identity-change') makes it so.
       */
      type: 'IdentityChangeRequested';
      data: {
        userId: string;
        requestedBy: string;
        to: { email: string; firstName: string; lastName: string };
        changed: string[];
        needsAcceptance: boolean;
        expiresAt: string;
      };
    }
  | { type: 'IdentityChangeAccepted'; data: { userId: string; at: string } }
  | { type: 'IdentityChangeCancelled'; data: { userId: string; at: string; reason: 'replaced' } }
  /** Signed by the deactivating admin (meaning 'deactivation'); events from before signatures were required lack it. */
  /** `reason`: why, when the deactivating ADMIN gave one (optional: the spec's payload has none). */
  | { type: 'UserDeactivated'; data: { userId: string; at: string; signature?: Signature; reason?: string } }
  /**
   * Signed by the reactivating ADMIN (meaning 'reactivation', with their reason). `newPasswordRequired`: the
   * password the user had before stops working (`PasswordRevoked` on their credentials) and a set-password link is
   * mailed. Reactivations from before (through PUT /user/modify) lack all three: those users kept their password.
   */
  | { type: 'UserReactivated'; data: { userId: string; at: string; signature?: Signature; reason?: string; newPasswordRequired?: boolean } }
  | {
      type: 'PasswordLinkIssued';
      /** Never the token itself. `issuedAt` is absent on events from before it was recorded (24 h before expiresAt). */
      data: { userId: string; purpose: PasswordLinkPurpose; expiresAt: string; issuedAt?: string; tokenSeal?: string };
    }
  | {
      type: 'PasswordSet';
      /** `hashSeal`: the seal of the stored hash (absent on events from before seals: see PasswordHashSealed). */
      data: { userId: string; setAt: string; via: 'bootstrap' | 'set-password-link' | 'change'; hashSeal?: string };
    }
  /**
   * The account's password stops working (a reactivated user sets a fresh one through the emailed link);
   * the next `PasswordSet` gives it a password again.
   */
  | { type: 'PasswordRevoked'; data: { userId: string; at: string; reason: 'reactivated' } }
  /** A hash stored before seals existed, sealed as it was found at the first start after the upgrade. */
  | { type: 'PasswordHashSealed'; data: { userId: string; at: string; hashSeal: string } }
  /** `challengeId`: the second-factor challenge this login spent (second-factor/challenge.ts), when it had one. */
  | { type: 'LoginSucceeded'; data: { userId: string; sessionId: string; at: string; source?: string; challengeId?: string } }
  | {
      type: 'LoginFailed';
      /**
       * `source`: a hash of the caller's address, or `device:<hash>` for a browser that signed in before; `sourceFailures`:
       * consecutive failures from it (absent before they were kept); `trusted`: from such a browser.
       */
      data: { userId: string; at: string; reason: CredentialFailureReason; consecutiveFailures: number; source?: string; sourceFailures?: number; trusted?: boolean };
    }
  | {
      /** A wrong current password on Change Password, or a failed signature: counts toward lockout. */
      type: 'CredentialCheckFailed';
      data: {
        userId: string;
        at: string;
        purpose: 'change-password' | 'signature';
        reason: CredentialFailureReason;
        consecutiveFailures: number;
        source?: string;
        sourceFailures?: number;
        /** From a live session of the account (its own failures). */
        trusted?: boolean;
      };
    }
  | {
      /**
       * With `source`, only that caller address is locked out (the guesser's); without it, the whole account (the
       * failures came from many addresses, or from before addresses were kept) and its owner is mailed an unlock link.
       */
      type: 'AccountLocked';
      data: { userId: string; at: string; lockedUntil: string; failures: number; source?: string };
    }
  | { type: 'UnlockLinkIssued'; data: { userId: string; issuedAt: string; expiresAt: string; tokenSeal?: string } }
  /** The owner lifted a lock through the emailed link. */
  | { type: 'AccountUnlocked'; data: { userId: string; at: string } }
  /**
   * The account's open set-password and unlock links stop working: its email address changed (they went to the old
   * one), or it was reactivated (a fresh link goes out). Recorded only when a link was open.
   */
  | { type: 'EmailedLinksClosed'; data: { userId: string; at: string; reason: 'email-changed' | 'reactivated' } }
  | { type: 'LoggedOut'; data: { userId: string; sessionId: string; at: string } }
  /**
   * Second factor (RFC 6238 TOTP). Never the secret, a code or a recovery code in the log: the
   * secret is kept encrypted in `second_factor_secrets`, the recovery codes as keyed hashes beside it; the events
   * carry a seal of that row (`factorSeal`), so a row changed behind the product's back no longer matches its log.
   * On the credentials stream: an enrolment started (a secret made, not yet confirmed).
   */
  | { type: 'SecondFactorEnrolmentStarted'; data: { userId: string; at: string; enrolmentId: string } }
  /** On the record's stream: the user confirmed the enrolment with a current code; ten recovery codes were shown once. */
  | { type: 'SecondFactorEnrolled'; data: { userId: string; at: string; enrolmentId: string; factorSeal: string; recoveryCodes: number } }
  /**
   * On the credentials stream: a code was accepted (its RFC 6238 time step, so that it is never accepted again) for
   * a login or to confirm an enrolment.
   */
  | { type: 'SecondFactorCodeAccepted'; data: { userId: string; at: string; timeStep: number; purpose: 'login' | 'enrolment' } }
  /** On the credentials stream: one of the recovery codes (its position, 1 to 10) was used for a login; never again. */
  | { type: 'RecoveryCodeUsed'; data: { userId: string; at: string; enrolmentId: string; index: number } }
  /** On the credentials stream: a code was refused (wrong, or already used in its time step). */
  | { type: 'SecondFactorCodeRefused'; data: { userId: string; at: string; purpose: 'login' | 'enrolment'; reason: 'wrong-code' | 'replayed-code' } }
  /** On the record's stream: an ADMIN removed the user's second factor, signed (meaning 'factor-reset'). */
  | { type: 'SecondFactorReset'; data: { userId: string; at: string; signature: Signature } }
  /**
   * On the record's stream: the user will be absent from `from` to `until` (days, `YYYY-MM-DD`, UTC, both included);
   * records submitted or reassigned to them meanwhile go to `delegateId` (an active ADMIN) when the delegate may
   * approve them. `declaredBy`: the user, or an ADMIN on their behalf. A new declaration replaces the one before.
   */
  | { type: 'AbsenceDeclared'; data: { userId: string; from: string; until: string; delegateId: string; at: string; declaredBy: string } }
  /** On the record's stream: the declared absence ended early (or was withdrawn before it began). */
  | { type: 'AbsenceEnded'; data: { userId: string; at: string; endedBy: string } }
  /**
   * On the record's stream: the user chose how the mails about their tasks reach them (one each, or a daily
   * digest). Users who never chose get one each.
   */
  | { type: 'MailPreferenceChosen'; data: { userId: string; taskMail: TaskMailPreference; at: string } };

export type UserEventType = UserEvent['type'];
/** The events of a user's credentials: passwords, links, sign-ins, failed checks and the lockout. */
export type CredentialEvent = Extract<
  UserEvent,
  {
    type:
      | 'PasswordLinkIssued'
      | 'PasswordSet'
      | 'PasswordRevoked'
      | 'PasswordHashSealed'
      | 'LoginSucceeded'
      | 'LoginFailed'
      | 'CredentialCheckFailed'
      | 'AccountLocked'
      | 'UnlockLinkIssued'
      | 'AccountUnlocked'
      | 'EmailedLinksClosed'
      | 'LoggedOut'
      | 'SecondFactorEnrolmentStarted'
      | 'SecondFactorCodeAccepted'
      | 'RecoveryCodeUsed'
      | 'SecondFactorCodeRefused';
  }
>;
/** The second factor's events, on both of a user's streams. */
export type SecondFactorEvent = Extract<
  UserEvent,
  { type: 'SecondFactorEnrolmentStarted' | 'SecondFactorEnrolled' | 'SecondFactorCodeAccepted' | 'RecoveryCodeUsed' | 'SecondFactorCodeRefused' | 'SecondFactorReset' }
>;
/** The events of a user's record: identity, role and status. */
export type UserRecordEvent = Exclude<UserEvent, CredentialEvent>;
export const userStreamId = (userId: string) => `user-${userId}`;
export const credentialsStreamId = (userId: string) => `user-credentials-${userId}`;

/**
 * `user-email-<lowercased email>` streams make an email address unique across users: whoever appends the claim at
 * the expected version owns it, and a released address can be claimed again.
 */
export type EmailClaimEvent =
  | { type: 'EmailClaimed'; data: { email: string; userId: string } }
  | { type: 'EmailReleased'; data: { email: string; userId: string } };
export const emailClaimStreamId = (email: string) => `user-email-${email.trim().toLowerCase()}`;

/**
 * `printed-name-<key>` streams make a printed name (first and last name, as a signature shows it) name one active
 * user (21 CFR 11.100). The key is the name compared case- and whitespace-insensitively, NFC;
 * a deactivated user's name is released, and claimed again if they are reactivated.
 */
export type PrintedNameClaimEvent =
  | { type: 'PrintedNameClaimed'; data: { printedName: string; userId: string } }
  | { type: 'PrintedNameReleased'; data: { printedName: string; userId: string } };
export const printedNameClaimStreamId = (key: string) => `printed-name-${key}`;


/** `system-bootstrap`: the first administrator was created on an empty log (claimed once, at expected version 0). */
export type BootstrapEvent = { type: 'SystemBootstrapped'; data: { adminUserId: string; email: string } };
export const BOOTSTRAP_STREAM = 'system-bootstrap';

/**
 * `system-password-seals`: the one-time sealing of password hashes stored before seals existed was done (at the
 * first start after the upgrade); after it, a hash is only ever sealed by the `PasswordSet` that stores it.
 */
export type PasswordSealingEvent = { type: 'StoredPasswordHashesSealed'; data: { at: string; sealed: number } };
export const PASSWORD_SEALING_STREAM = 'system-password-seals';
