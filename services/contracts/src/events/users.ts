import type { Role } from '../common';

export type CredentialFailureReason = 'wrong-password' | 'account-locked' | 'user-inactive' | 'password-expired';

/**
 * Events of the `user-<id>` streams: the contract between the users feature that writes them and the
 * projections and audit report that read them. Never a password, its hash, or a token in here.
 */
export type UserEvent =
  | {
      type: 'UserRegistered';
      data: {
        userId: string;
        email: string;
        firstName: string;
        lastName: string;
        role: Role;
        isTrainingCompleted: boolean;
        /** 'bootstrap' for the first administrator created on an empty store. */
        origin: 'bootstrap' | 'admin';
      };
    }
  | {
      type: 'UserModified';
      data: {
        userId: string;
        email: string;
        firstName: string;
        lastName: string;
        role: Role;
        isTrainingCompleted: boolean;
        /** Names of the fields that changed. */
        changed: string[];
      };
    }
  | { type: 'UserDeactivated'; data: { userId: string; at: string } }
  | { type: 'UserReactivated'; data: { userId: string; at: string } }
  | { type: 'PasswordLinkIssued'; data: { userId: string; purpose: 'new-user' | 'reset' | 'expired'; expiresAt: string } }
  | { type: 'PasswordSet'; data: { userId: string; setAt: string; via: 'bootstrap' | 'set-password-link' | 'change' } }
  | { type: 'LoginSucceeded'; data: { userId: string; sessionId: string; at: string } }
  | {
      type: 'LoginFailed';
      data: { userId: string; at: string; reason: CredentialFailureReason; consecutiveFailures: number };
    }
  | {
      /** A wrong current password on Change Password, or (later) a failed signature: counts toward lockout. */
      type: 'CredentialCheckFailed';
      data: {
        userId: string;
        at: string;
        purpose: 'change-password' | 'signature';
        reason: CredentialFailureReason;
        consecutiveFailures: number;
      };
    }
  | { type: 'AccountLocked'; data: { userId: string; at: string; lockedUntil: string; failures: number } }
  | { type: 'LoggedOut'; data: { userId: string; sessionId: string; at: string } };

export type UserEventType = UserEvent['type'];
export const userStreamId = (userId: string) => `user-${userId}`;

/**
 * `user-email-<lowercased email>` streams make an email address unique across users: whoever appends the claim at
 * the expected version owns it, and a released address can be claimed again.
 */
export type EmailClaimEvent =
  | { type: 'EmailClaimed'; data: { email: string; userId: string } }
  | { type: 'EmailReleased'; data: { email: string; userId: string } };
export const emailClaimStreamId = (email: string) => `user-email-${email.trim().toLowerCase()}`;

/** `access-request-<id>`: someone on the login screen asked the administrators for access or activation. */
export type AccessRequestEvent = {
  type: 'AdministratorNotified';
  data: { requestId: string; email: string; reason: 'activate user' | 'activate email'; recipients: number };
};

/** `audit-report-<id>`: downloading the audit trail is itself audited. */
export type AuditReportEvent = {
  type: 'AuditReportDownloaded';
  data: { reportId: string; from: string; to: string; email: string | null };
};
