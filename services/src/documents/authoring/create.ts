import { randomUUID } from 'node:crypto';
import {
  type AddDocumentListData,
  CHANGE_ORDER_NUMBERS_STREAM,
  type ChangeOrderRef,
  type ChildDetails,
  type DocumentEvent,
  type DocumentFile,
  documentStreamId,
  type ParentDetails,
  type Signature,
  type SignatureCredentials,
  type UploadedFile,
} from '@ifu/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../platform/app-context';
import type { CommandRun, Step } from '../../platform/command-pipeline';
import { refuse } from '../../platform/errors';
import type { AuthenticatedUser } from '../../platform/http';
import { approverFacts, approverRouting } from '../../users';
import { signed } from '../../signatures';
import { documentsVocabulary } from '../audit';
import type { ChangeOrderState } from '../change-order';
import { indexDocumentTexts } from '../search/document-text';
import { approvalRoutingNumber, changeOrderNumbersDecider } from './change-order-numbers';
import { checkUpload, childDetailsOf, customerFacts, keepFiles, parentDetailsOf, releaseUploads, stagedOf, useUpload } from './files';
import { type AuthoringCommand, authoringDecider } from './rules';
import { uncountStagedUploads } from './upload-staging';

/** Where one child's PDF comes from: an upload of the wizard, or (a revision) a stored file carried over. */
export type ChildFileSource = { uploadId: string; field: string } | { kept: DocumentFile };

/**
 * A new change order as its author submits it: the parent, the children, the signer, and where the files come from.
 * A revision carries over stored files of the rejected change order (`kept`) and records its link on the
 * rejected one's stream (`revision`) just before the new change order.
 */
export interface ChangeOrderDraft {
  details: ParentDetails;
  children: { details: ChildDetails; file: ChildFileSource }[];
  /** The parent's upload (supporting files and logo); a revision needs one only for new parent files. */
  parentUploadId?: string;
  kept?: { files: DocumentFile[]; logo: DocumentFile };
  credentials: SignatureCredentials;
  comments: string;
  revision?: {
    revises: ChangeOrderRef;
    step: (revision: ChangeOrderRef) => Step<unknown, DocumentEvent, ChangeOrderState>;
    /** The change order revised is an approved one whose periodic review concluded 'revise'. */
    afterPeriodicReview?: boolean;
  };
}

/** The number a change order is checked with before it is signed; the real one is assigned once it is. */
const UNNUMBERED = 'CO-0000-00000';

const asFile = ({ stagedId: _s, role: _r, ...file }: UploadedFile): DocumentFile => file;

/**
 * `POST /document/addDocumentListData`: the whole change order, signed by its author (`authorship`). The uploads are
 * checked, the signature taken, the uploads taken (never twice), the number assigned, the change order recorded, the
 * files kept. A number once assigned is not given again, even if the recording is then refused.
 */
export async function createChangeOrder(
  ctx: AppContext,
  run: CommandRun,
  input: { request: z.output<typeof AddDocumentListData>; actor: AuthenticatedUser },
): Promise<{ parentChangeId: string; documentId: string }> {
  const { request, actor } = input;
  return recordChangeOrder(ctx, run, actor, {
    details: parentDetailsOf(request),
    children: request.list.map((child, index) => ({
      details: childDetailsOf(child),
      file: { uploadId: child.uploadDocumentFileId, field: `list.${index}.uploadDocumentFileId` },
    })),
    parentUploadId: request.uploadParentDocumentFileId,
    credentials: { username: request.username, password: request.password },
    comments: request.comments,
  });
}

/** A new change order (a new one, or a revision): the steps of `createChangeOrder`. */
export async function recordChangeOrder(
  ctx: AppContext,
  run: CommandRun,
  actor: AuthenticatedUser,
  draft: ChangeOrderDraft,
): Promise<{ parentChangeId: string; documentId: string }> {
  const parentChangeId = randomUUID();
  const stream = documentStreamId(parentChangeId);
  const { details } = draft;
  const [customer, approver] = await Promise.all([customerFacts(run, details.customerId), approverFacts(run, details.approverId)]);
  const routing = await approverRouting(run, approver);

  const parentFiles = draft.parentUploadId
    ? await checkUpload(ctx, run, { uploadId: draft.parentUploadId, field: 'uploadParentDocumentFileId', kind: 'parent', actor })
    : [];
  const uploadedLogo = parentFiles.find((f) => f.role === 'logo');
  const logo = uploadedLogo ? asFile(uploadedLogo) : draft.kept?.logo;
  if (!logo) refuse('invalid-request', { message: 'uploadParentDocumentFileId: Select Document Logo' });
  const supporting = [...(draft.kept?.files ?? []), ...parentFiles.filter((f) => f.role === 'supporting').map(asFile)];
  const childUploads = draft.children.flatMap(({ file }) => ('uploadId' in file ? [file] : []));
  const seen = new Set<string>();
  for (const { uploadId, field } of childUploads) {
    if (seen.has(uploadId)) refuse('upload-unusable', { field });
    seen.add(uploadId);
  }
  const childFiles: DocumentFile[] = [];
  const stagedChildFiles: UploadedFile[] = [];
  for (const { file: source } of draft.children) {
    if ('kept' in source) {
      childFiles.push(source.kept);
      continue;
    }
    const files = await checkUpload(ctx, run, { ...source, kind: 'child', actor });
    const main = files.find((f) => f.role === 'main');
    if (!main) refuse('upload-unusable', { field: source.field });
    childFiles.push(asFile(main));
    stagedChildFiles.push(main);
  }

  const childDocumentIds = draft.children.map(() => randomUUID());
  const command = (signature: Signature, documentId: string): AuthoringCommand => ({
    type: 'CreateChangeOrder',
    parentChangeId,
    documentId,
    approvalRoutingNumber: approvalRoutingNumber(documentId),
    details,
    logo,
    files: supporting,
    children: draft.children.map((child, index) => ({ ...child.details, childDocumentId: childDocumentIds[index]!, file: childFiles[index]! })),
    customer,
    approver,
    routing,
    signature,
    comments: draft.comments,
    actorUserId: actor.userId,
    ...(draft.revision ? { revises: draft.revision.revises, ...(draft.revision.afterPeriodicReview ? { revisesApproved: true } : {}) } : {}),
  });
  if (draft.revision) await run.check(draft.revision.step({ parentChangeId, documentId: UNNUMBERED }));

  const taken: string[] = [];
  try {
    const { documentId } = await signed(ctx, run, {
      stream,
      decider: authoringDecider,
      vocabulary: documentsVocabulary,
      meaning: 'authorship',
      signer: actor,
      credentials: draft.credentials,
      // A new record: its author reviewed none before it (version 0).
      seenVersion: 0,
      command: (signature) => command(signature, UNNUMBERED),
      // The uploads are taken (never twice) and the number assigned only once the author has signed: a number once
      // assigned is not given again, even if the recording is then refused.
      complete: async (signature) => {
        for (const { uploadId, field, kind } of [
          ...(draft.parentUploadId ? [{ uploadId: draft.parentUploadId, field: 'uploadParentDocumentFileId', kind: 'parent' as const }] : []),
          ...childUploads.map((c) => ({ ...c, kind: 'child' as const })),
        ]) {
          await useUpload(run, { uploadId, field, kind, parentChangeId, actor });
          taken.push(uploadId);
        }
        const { events } = await run.execute({
          stream: CHANGE_ORDER_NUMBERS_STREAM,
          decider: changeOrderNumbersDecider,
          command: { type: 'AssignNumber', year: run.now.getUTCFullYear(), parentChangeId },
        });
        const documentId = events[0]!.data.documentId;
        // A revision's link on the rejected change order, just before the revision itself: of two at once, one is recorded.
        if (draft.revision) await run.execute(draft.revision.step({ parentChangeId, documentId }));
        await indexDocumentTexts(ctx, draft.children.map((child, index) => ({ sha256: childFiles[index]!.sha256, languageList: child.details.languageList })));
        return run.execute({ stream, decider: authoringDecider, command: command(signature, documentId), expectedVersion: 0 });
      },
    }).then((created) => ({ documentId: created.state.documentId }));
    // Only what was uploaded for it is staged; the files a revision carries over are stored already.
    await keepFiles(ctx, undefined, [...parentFiles, ...stagedChildFiles].map(stagedOf));
    await uncountStagedUploads(ctx.db, taken);
    return { parentChangeId, documentId };
  } catch (error) {
    // Not recorded after all: the uploads can be used by the next attempt.
    if (taken.length > 0) await releaseUploads(run, taken, parentChangeId);
    throw error;
  }
}
