import type { Request } from 'express';
import { listActiveAdmins, userAccountsProjection } from '@ifu/projections';
import type { AppContext } from '../../platform/app-context';
import type { CommandRun } from '../../platform/command-pipeline';
import { exclusiveSection } from '../../platform/exclusive';
import { runCommand } from '../../platform/http';

/** Each Manage User command answers once the `user-accounts` read model has its events: the route reads the user back as the list will show them. */
export const USER_READ_MODELS = [userAccountsProjection.name];

const sections = new WeakMap<AppContext, <T>(work: () => Promise<T>) => Promise<T>>();

/**
 * Changes that may take away an active ADMIN decide one at a time over every instance (with their read model wait),
 * so that two ADMINs deactivating each other at once cannot leave nobody in charge.
 */
function oneAtATime<T>(ctx: AppContext, work: () => Promise<T>): Promise<T> {
  let section = sections.get(ctx);
  if (!section) {
    section = exclusiveSection(ctx.db, 'active-admins');
    sections.set(ctx, section);
  }
  return section(work);
}

/** `runCommand` for a change that may take away an active ADMIN: the command and its read model wait, one at a time. */
export function runActiveAdminsCommand<T>(ctx: AppContext, req: Request, work: (run: CommandRun) => Promise<T>): Promise<{ run: CommandRun; result: T }> {
  return oneAtATime(ctx, () => runCommand(ctx, req, USER_READ_MODELS, work));
}

/** The active ADMINs as the read model has them: within `runActiveAdminsCommand`, every change before this one is in it. */
export const activeAdminCount = async (ctx: AppContext) => (await listActiveAdmins(ctx.db)).length;
