import { isAbsentOn } from '@ifu/contracts';
import { loadAccount } from '../auth';
import type { CommandRun } from '../platform/command-pipeline';
import type { ApproverFacts, ApproverRouting } from '../auth';

/**
 * A step's question about an approver: folded from `user-<id>` within the command, once. The facts and what they
 * allow are the approver policy's (`auth/approver-policy.ts`).
 */
export async function approverFacts(run: CommandRun, approverId: string): Promise<ApproverFacts | undefined> {
  const account = await loadAccount(run, approverId);
  return account.exists
    ? {
        id: account.userId,
        role: account.role,
        active: account.userActive && !account.isDeleted,
        trained: account.isTrainingCompleted,
        absence: account.absence,
      }
    : undefined;
}

/**
 * What a command that chooses an approver needs to route it: the UTC day it runs, and, when the chosen approver is
 * absent that day, the facts of the delegate their absence names (folded once from that user's stream). The decider
 * decides whether the delegate takes it (`routedApprover`).
 */
export async function approverRouting(run: CommandRun, approver: ApproverFacts | undefined): Promise<ApproverRouting> {
  const today = run.now.toISOString().slice(0, 10);
  const absence = approver?.absence;
  return { today, delegate: isAbsentOn(absence, today) ? await approverFacts(run, absence.delegateId) : undefined };
}
