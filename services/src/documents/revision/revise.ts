import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { type ChangeOrderRef, DOCUMENT_MESSAGES, type DocumentFile, documentStreamId, ReviseChangeOrderRequest } from '@ifu/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../platform/app-context';
import type { CommandRun } from '../../platform/command-pipeline';
import { refuse, Refusal } from '../../platform/errors';
import { guards } from '../../auth';
import { type AuthenticatedUser, parseBody } from '../../platform/http';
import { CLAIM_UNDER_WAY_MS } from '../../platform/unique-claims';
import type { ChangeOrderState } from '../change-order';
import { type ChildFileSource, recordChangeOrder } from '../authoring/create';
import { childDetailsOf, parentDetailsOf } from '../authoring/files';
import { answerChangeOrderCommand } from '../view';
import { revisionRefusal } from '../permissions';
import { type ReviseChangeOrder, revisionDecider } from './rules';

/**
 * Revise and resubmit: a new change order prefilled from a rejected one (or from an approved one
 * whose periodic review concluded 'revise': it stays approved and public until the revision is approved), linked both ways, its stored files
 * reused without uploading them again. Files are kept under their SHA-256 (platform/file-store.ts), so carrying one over
 * is a new file id in the new change order at the same content address: nothing is copied.
 */

/** A stored file of the rejected change order as a file of its revision: its own id there, the same content. */
const carriedOver = (file: DocumentFile): DocumentFile => ({ ...file, fileId: randomUUID() });

/**
 * Whether a revision already recorded on the rejected change order blocks another: its change order exists, or it was
 * recorded less than CLAIM_UNDER_WAY_MS ago (its creation may be under way). One whose creation failed does not.
 */
async function revisionStands(ctx: AppContext, rejectedId: string, revision: ChangeOrderRef, now: Date): Promise<boolean> {
  if ((await ctx.store.readStream(documentStreamId(revision.parentChangeId))).length > 0) return true;
  const recorded = (await ctx.store.readStream(documentStreamId(rejectedId)))
    .filter((event) => event.type === 'ChangeOrderRevised' && (event.data as { revision: ChangeOrderRef }).revision.parentChangeId === revision.parentChangeId)
    .at(-1);
  return recorded !== undefined && now.getTime() - Date.parse(recorded.metadata.occurredAt) < CLAIM_UNDER_WAY_MS;
}

/** The step on the rejected change order's stream that records its revision (or refuses it). */
const revisionStep = (ctx: AppContext, run: CommandRun, rejectedId: string, actor: AuthenticatedUser) => (revision: ChangeOrderRef) => ({
  stream: documentStreamId(rejectedId),
  decider: revisionDecider,
  command: async (state: ChangeOrderState): Promise<ReviseChangeOrder> => ({
    type: 'ReviseChangeOrder',
    revision,
    actorUserId: actor.userId,
    earlierRevisionStands: state.revisedBy !== null && (await revisionStands(ctx, rejectedId, state.revisedBy, run.now)),
  }),
});

/**
 * `POST /document/reviseChangeOrder`: checked against the rejected change order first (rejected, the caller its
 * author, not revised yet: refused before anything else), then recorded like a new change order with the kept files.
 */
export async function reviseChangeOrder(
  ctx: AppContext,
  run: CommandRun,
  input: { request: z.output<typeof ReviseChangeOrderRequest>; actor: AuthenticatedUser },
): Promise<{ parentChangeId: string; documentId: string }> {
  const { request, actor } = input;
  const { state: rejected } = await run.load(documentStreamId(request.revises), revisionDecider);
  const refusal = revisionRefusal(rejected, actor.userId, rejected.revisedBy !== null && (await revisionStands(ctx, request.revises, rejected.revisedBy, run.now)));
  if (refusal) throw new Refusal(refusal);

  const keptFiles = request.keepFileIds.map((fileId, index) => {
    const file = rejected.files.find((f) => f.fileId === fileId);
    if (!file) refuse('kept-file-unknown', { field: `keepFileIds.${index}` });
    return carriedOver(file);
  });
  const activeChildren = rejected.children.filter((child) => child.active);
  const children = request.list.map((child, index) => {
    let file: ChildFileSource;
    if (child.keepFileOf !== undefined) {
      const kept = activeChildren.find((c) => c.childDocumentId === child.keepFileOf);
      if (!kept) refuse('kept-file-unknown', { field: `list.${index}.keepFileOf` });
      file = { kept: carriedOver(kept.file) };
    } else {
      file = { uploadId: child.uploadDocumentFileId!, field: `list.${index}.uploadDocumentFileId` };
    }
    return { details: childDetailsOf(child), file };
  });

  return recordChangeOrder(ctx, run, actor, {
    details: parentDetailsOf(request, rejected.details ?? undefined),
    children,
    parentUploadId: request.uploadParentDocumentFileId,
    kept: { files: keptFiles, logo: carriedOver(rejected.logo!) },
    credentials: { username: request.username, password: request.password },
    comments: request.comments,
    revision: {
      revises: { parentChangeId: rejected.parentChangeId, documentId: rejected.documentId },
      step: revisionStep(ctx, run, request.revises, actor),
      afterPeriodicReview: rejected.status === 'APPROVED',
    },
  });
}

/** Revise and resubmit: a new change order from a rejected one (or one whose periodic review concluded 'revise'). */
export function revisionRoutes(ctx: AppContext): Router {
  const router = Router();
  const { loggedIn } = guards(ctx);
  router.post('/document/reviseChangeOrder', loggedIn, async (req, res) => {
    const request = parseBody(ReviseChangeOrderRequest, req.body);
    await answerChangeOrderCommand(ctx, req, res, async (run) => {
      const { parentChangeId, documentId } = await reviseChangeOrder(ctx, run, { request, actor: req.auth! });
      return { message: DOCUMENT_MESSAGES.addedWithId(documentId), parentChangeId, extra: { parentChangeId, documentId } };
    });
  });
  return router;
}
