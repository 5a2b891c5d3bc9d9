import { loadAccount } from '../auth';
import type { CommandRun } from '../platform/command-pipeline';
import type { ApproverFacts } from '../auth';

/**
 * A step's question about an approver: folded from `user-<id>` within the command, once. The facts and what they
 * allow are the approver policy's (`auth/approver-policy.ts`).
 */
export async function approverFacts(run: CommandRun, approverId: string): Promise<ApproverFacts | undefined> {
  const account = await loadAccount(run, approverId);
  return account.exists ? { id: account.userId, role: account.role, active: account.userActive && !account.isDeleted } : undefined;
}
