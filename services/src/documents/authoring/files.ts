import { randomUUID } from 'node:crypto';
import { type ChildDetails, customerStreamId, type DocumentFile, documentUploadStreamId, type ParentDetails, type UploadedFile } from '@ifu/contracts';
import { customerDecider } from '../../customers';
import type { StagedFile } from '../../platform/file-store';
import type { Uploads } from '../../files';
import type { Queryable } from '@ifu/storage/database/database';
import type { AppContext } from '../../platform/app-context';
import type { CommandOrigin, CommandRun } from '../../platform/command-pipeline';
import { refuse } from '../../platform/errors';
import type { AuthenticatedUser } from '../../platform/http';
import type { CustomerFacts } from '../change-order';
import { documentUploadDecider } from './document-upload';
import { type GivenParentDetails, productDescriptionOf } from './rules';
import { countStagedUpload } from './upload-staging';

/**
 * What authoring takes from a request: the fields as the decider keeps them, the files as staged by the add wizard's
 * uploads (kept 24 hours under an upload id) or by the edit's own request, and the customer chosen.
 */

/** The parent fields as a request gives them, the product description only where it gives one. */
export const givenParentDetailsOf = (fields: GivenParentDetails): GivenParentDetails => ({
  productFamilyName: fields.productFamilyName,
  ...(fields.productFamilyDescription?.trim() ? { productFamilyDescription: fields.productFamilyDescription } : {}),
  changeDescription: fields.changeDescription,
  changeJustification: fields.changeJustification,
  changeType: fields.changeType,
  customerId: fields.customerId,
  approverId: fields.approverId,
  isInternal: fields.isInternal,
  effectiveDate: fields.effectiveDate,
  basicUdiDi: fields.basicUdiDi ?? '',
  safetyRevision: fields.safetyRevision ?? false,
});

/**
 * The parent fields as the decider keeps them. Without a product description: the description of change, or, for a
 * revision, the rejected change order's own product description where it has one ({@link productDescriptionOf}).
 */
export const parentDetailsOf = (fields: GivenParentDetails, previous?: Pick<ParentDetails, 'productFamilyDescription' | 'changeDescription'>): ParentDetails => ({
  ...givenParentDetailsOf(fields),
  productFamilyDescription: productDescriptionOf(fields, previous),
});

export const childDetailsOf = (fields: Omit<ChildDetails, 'productSubFamilyNameTwo'> & { productSubFamilyNameTwo?: string }): ChildDetails => ({
  associatedReferenceNumber: fields.associatedReferenceNumber,
  productSubFamilyNameOne: fields.productSubFamilyNameOne,
  billMaterialInformation: fields.billMaterialInformation,
  productSubFamilyNameTwo: fields.productSubFamilyNameTwo?.trim() || fields.billMaterialInformation,
  keywords: fields.keywords,
  countryList: fields.countryList,
  languageList: fields.languageList,
  changeDescription: fields.changeDescription,
  changeJustification: fields.changeJustification,
  gtin: fields.gtin ?? '',
  additionalLots: fields.additionalLots ?? '',
  serialRanges: fields.serialRanges ?? '',
});

/** A staged upload as a change order's file: a new file id, its content address, and the name the author gave. */
export const documentFileOf = (file: StagedFile): DocumentFile => ({
  fileId: randomUUID(),
  sha256: file.sha256,
  contentType: file.contentType,
  size: file.size,
  docName: file.originalName.split(/[/\\]/).pop() || 'document.pdf',
});

/** The chosen customer as its stream in the log has it now: documents are only made for approved customers. */
export async function customerFacts(run: CommandRun, customerId: string): Promise<CustomerFacts | undefined> {
  const { state } = await run.load(customerStreamId(customerId), customerDecider);
  return state.exists ? { id: customerId, status: state.status } : undefined;
}

/** Keeps the staged files a saved change order uses, and queues the new PDFs' text for the searches. */
export async function keepFiles(ctx: AppContext, uploads: Uploads | undefined, staged: StagedFile[]): Promise<void> {
  for (const file of staged) {
    if (uploads) await uploads.commit(file);
    else await ctx.files.commit(file);
  }
  await ctx.textQueue.enqueue(staged);
}

/**
 * The origin of the command that records a new upload under `uploadId` (new and random): its stream is known to be
 * empty, so the command starts from that fold instead of reading the stream (a snapshot and the stream: two queries).
 * Were it not empty after all, the append at version 0 would conflict and the step read the stream again.
 */
export const newUploadOrigin = (origin: CommandOrigin, uploadId: string): CommandOrigin => ({
  ...origin,
  folded: [
    ...(origin.folded ?? []),
    {
      decider: documentUploadDecider,
      loaded: { stream: documentUploadStreamId(uploadId), state: documentUploadDecider.initialState(), version: 0, sinceSnapshot: 0 },
    },
  ],
});

/**
 * `POST /document/addDocumentFiles`: the files are kept staged (24 hours) under a new upload id, if they fit the
 * uploader's staging quota; their text is queued, not waited for.
 */
export async function recordUpload(
  ctx: AppContext,
  run: CommandRun,
  input: { uploadId: string; kind: 'parent' | 'child'; files: { staged: StagedFile; role: UploadedFile['role'] }[]; uploads: Uploads; actor: AuthenticatedUser },
): Promise<{ uploadId: string; files: UploadedFile[] }> {
  const { uploadId } = input;
  const files = input.files.map(({ staged, role }): UploadedFile => ({ ...documentFileOf(staged), stagedId: staged.stagedId, role }));
  const staged = input.files.map((file) => file.staged);
  const texts = input.files.filter(({ role }) => role !== 'logo').map(({ staged: file }) => file);
  // The staging count and the text queue's rows in one transaction: both or neither, one commit (one WAL flush). On a
  // server it is the quota lock's own, so they commit as the lock ends and the next request of the user counts them.
  const rows = async (tx: Queryable) => {
    await countStagedUpload(tx, { uploadId, uploadedBy: input.actor.userId, files: staged, now: run.now });
    await ctx.textQueue.enqueueIn(tx, texts);
  };
  await input.uploads.keepStagedWithinQuota(staged, async (locked) => {
    // The event first, on its own connection: the embedded database's one connection cannot append while a
    // transaction holds it, and the rows of an upload whose event failed are never written.
    await run.execute({
      stream: documentUploadStreamId(uploadId),
      decider: documentUploadDecider,
      command: { type: 'RecordUpload', uploadId, kind: input.kind, uploadedBy: input.actor.userId, files, now: run.now },
    });
    await (locked ? rows(locked) : ctx.db.transaction(rows));
  });
  ctx.textQueue.wakeUp();
  return { uploadId, files };
}

/** The staged files of an upload, as the file store takes them back. */
export const stagedOf = (file: UploadedFile): StagedFile => ({
  stagedId: file.stagedId,
  sha256: file.sha256,
  contentType: file.contentType,
  size: file.size,
  originalName: file.docName,
});

export async function useUpload(
  run: CommandRun,
  input: { uploadId: string; field: string; kind: 'parent' | 'child'; parentChangeId: string; actor: AuthenticatedUser },
): Promise<UploadedFile[]> {
  const stream = documentUploadStreamId(input.uploadId);
  const { state } = await run.execute({
    stream,
    decider: documentUploadDecider,
    command: { type: 'UseUpload', kind: input.kind, field: input.field, parentChangeId: input.parentChangeId, actorUserId: input.actor.userId, now: run.now },
  });
  return state.files;
}

export async function checkUpload(ctx: AppContext, run: CommandRun, input: { uploadId: string; field: string; kind: 'parent' | 'child'; actor: AuthenticatedUser }) {
  const step = {
    stream: documentUploadStreamId(input.uploadId),
    decider: documentUploadDecider,
    command: { type: 'UseUpload' as const, kind: input.kind, field: input.field, parentChangeId: '', actorUserId: input.actor.userId, now: run.now },
  };
  await run.check(step);
  const { state } = await run.load(step.stream, documentUploadDecider);
  // The sweeper may have removed a file of an upload near the end of its 24 hours.
  for (const file of state.files) {
    if (!(await ctx.files.isStaged(file.stagedId))) refuse('upload-unusable', { field: input.field });
  }
  return state.files;
}

export async function releaseUploads(run: CommandRun, uploadIds: string[], parentChangeId: string) {
  for (const uploadId of uploadIds) {
    await run.execute({ stream: documentUploadStreamId(uploadId), decider: documentUploadDecider, command: { type: 'ReleaseUpload', parentChangeId } });
  }
}
