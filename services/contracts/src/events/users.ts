import type { Role } from '../common';

/**
 * Events of the `user-<id>` streams: the contract between the users feature that writes them and the
 * projections and audit report that read them. Never a password or its hash in here.
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
  | { type: 'PasswordSet'; data: { userId: string; setAt: string; via: 'bootstrap' | 'set-password-link' | 'change' } }
  | { type: 'LoginSucceeded'; data: { userId: string; sessionId: string; at: string } }
  | {
      type: 'LoginFailed';
      data: {
        userId: string;
        at: string;
        reason: 'wrong-password' | 'account-locked' | 'user-inactive' | 'password-expired';
        consecutiveFailures: number;
      };
    }
  | { type: 'AccountLocked'; data: { userId: string; at: string; lockedUntil: string; failures: number } }
  | { type: 'LoggedOut'; data: { userId: string; sessionId: string; at: string } };

export type UserEventType = UserEvent['type'];
export const userStreamId = (userId: string) => `user-${userId}`;
