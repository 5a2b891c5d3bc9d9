import type { ApproverListResponse } from '@ifu/contracts';
import { findUserById, listActiveAdmins, type UserAccount } from '@ifu/projections';
import type { Queryable } from '@ifu/storage/database/database';

type ApproverChoice = ApproverListResponse['approverList'][number];

/**
 * The active ADMINs `keep` lets a screen offer as approvers, as `user_accounts` has them, each with the absence they
 * declared when it is not over on `today` (its delegate named), so that a screen can say who is away and who takes
 * their tasks meanwhile.
 */
export async function approverChoices(db: Queryable, today: string, keep: (admin: UserAccount) => boolean): Promise<ApproverChoice[]> {
  const admins = await listActiveAdmins(db);
  const byId = new Map(admins.map((admin) => [admin.id, admin]));
  const choices: ApproverChoice[] = [];
  for (const admin of admins.filter(keep)) {
    const absence = admin.absence && admin.absence.until >= today ? admin.absence : null;
    const delegate = absence ? (byId.get(absence.delegateId) ?? (await findUserById(db, absence.delegateId))) : undefined;
    choices.push({
      id: admin.id,
      firstName: admin.firstName,
      lastName: admin.lastName,
      email: admin.email,
      ...(absence
        ? {
            absence: {
              from: absence.from,
              until: absence.until,
              delegate: { id: absence.delegateId, name: delegate ? `${delegate.firstName} ${delegate.lastName}`.trim() : '', email: delegate?.email ?? '' },
            },
          }
        : {}),
    });
  }
  return choices;
}
