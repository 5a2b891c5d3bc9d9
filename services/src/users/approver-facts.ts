import type { Role } from '@ifu/contracts';
import { loadAccount } from '../auth/credentials';
import type { CommandRun } from '../platform/command-pipeline';

/**
 * A chosen approver as their own stream in the log has them now (spec §5: an active, non-deleted ADMIN), never as the
 * `user_accounts` read model says (issue 19, finding 2: the request path can write that table).
 */
export interface ApproverFacts {
  id: string;
  role: Role;
  active: boolean;
}

/** A step's question about an approver: folded from `user-<id>` within the command, once. */
export async function approverFacts(run: CommandRun, approverId: string): Promise<ApproverFacts | undefined> {
  const account = await loadAccount(run, approverId);
  return account.exists ? { id: account.userId, role: account.role, active: account.userActive && !account.isDeleted } : undefined;
}
