import { randomUUID } from 'node:crypto';
import { findUserById } from '@ifu/projections';
import { customerDecider } from '../customers/customer';
import { approverFacts } from '../users/approver-facts';
import {
  type AddDocumentListData,
  CHANGE_ORDER_NUMBERS_STREAM,
  type ChangeOrderRef,
  customerStreamId,
  type ChildDetails,
  type DocumentFile,
  type DocumentEvent,
  type DocumentFileEvent,
  documentFilesStreamId,
  documentStreamId,
  documentUploadStreamId,
  type ParentDetails,
  type Role,
  type Signature,
  type SignatureCredentials,
  type SignatureMeaning,
  type UploadedFile,
} from '@ifu/contracts';
import type { z } from 'zod';
import type { StagedFile } from '../files/file-store';
import type { Uploads } from '../files/uploads';
import type { AppContext } from '../platform/app-context';
import type { CommandRun, Step, StepResult } from '../platform/command-pipeline';
import { refuse } from '../platform/errors';
import type { AuthenticatedUser } from '../platform/http';
import { decideSigned, sign, UNSIGNED } from '../signatures/signatures';
import { type ChangeOrderCommand, changeOrderDecider, type ChangeOrderState, type CustomerFacts } from './change-order';
import { documentsVocabulary, REASON_NOT_GIVEN } from './audit';
import { approvalRoutingNumber, changeOrderNumbersDecider } from './change-order-numbers';
import { documentFilesDecider, openedBy } from './document-files';
import { documentUploadDecider } from './document-upload';
import { indexDocumentTexts } from './document-text';
import { countStagedUpload, uncountStagedUploads } from './upload-staging';

/**
 * The document commands as explicit steps of the pipeline. Every authoring step is signed: the decision is checked
 * first (a refused edit neither asks for the signature nor keeps a file), then the author's own credentials are
 * verified (failures count toward lockout), then the change is decided again at the version that was signed.
 */

/** The parent fields as the decider keeps them; `productFamilyDescription` defaults to the description of change. */
export const parentDetailsOf = (fields: Omit<ParentDetails, 'productFamilyDescription'> & { productFamilyDescription?: string }): ParentDetails => ({
  productFamilyName: fields.productFamilyName,
  productFamilyDescription: fields.productFamilyDescription?.trim() || fields.changeDescription,
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
const documentFileOf = (file: StagedFile): DocumentFile => ({
  fileId: randomUUID(),
  sha256: file.sha256,
  contentType: file.contentType,
  size: file.size,
  docName: file.originalName.split(/[/\\]/).pop() || 'document.pdf',
});

/** The chosen customer as its stream in the log has it now: documents are only made for approved customers. */
async function customerFacts(run: CommandRun, customerId: string): Promise<CustomerFacts | undefined> {
  const { state } = await run.load(customerStreamId(customerId), customerDecider);
  return state.exists ? { id: customerId, status: state.status } : undefined;
}

/**
 * One signed step on a change order: checked unsigned first, then signed by the logged-in user's own credentials at
 * the version the signer reviewed (a deactivation or file deletion must name it), then decided at the version signed
 * (any change in between is a 409, not a retry). The change order is folded once for all three.
 */
async function signedStep(
  ctx: AppContext,
  run: CommandRun,
  input: {
    parentChangeId: string;
    actor: AuthenticatedUser;
    credentials: SignatureCredentials;
    meaning: SignatureMeaning;
    seenVersion: number | undefined;
    /** The signed file's SHA-256, where a file is signed (found in the change order as it is). */
    sha256?: (state: ChangeOrderState) => string | undefined;
    command: (signature: Signature) => ChangeOrderCommand;
    /** Runs once signed, before the event is appended (a file's text vectors, for the read models, when its text is known). */
    prepare?: (state: ChangeOrderState) => Promise<void>;
  },
) {
  const stream = documentStreamId(input.parentChangeId);
  const record = await run.load(stream, changeOrderDecider);
  // The rules first; whether the version reviewed is still the record's is the signature's to say (with what changed).
  await run.check({ stream, decider: changeOrderDecider, from: record, command: input.command(UNSIGNED) });
  const signed = await sign(ctx, run, {
    signer: input.actor,
    credentials: input.credentials,
    meaning: input.meaning,
    subject: { stream, decider: changeOrderDecider, vocabulary: documentsVocabulary, seenVersion: input.seenVersion, sha256: input.sha256?.(record.state), record },
  });
  await input.prepare?.(signed.record.state);
  return run.execute({
    stream,
    decider: changeOrderDecider,
    from: signed.record,
    command: input.command(signed.signature),
    expectedVersion: signed.signature.subject!.version,
  });
}

/** Keeps the staged files a saved change order uses, and queues the new PDFs' text for the searches. */
async function keepFiles(ctx: AppContext, uploads: Uploads | undefined, staged: StagedFile[]): Promise<void> {
  for (const file of staged) {
    if (uploads) await uploads.commit(file);
    else await ctx.files.commit(file);
  }
  await ctx.textQueue.enqueue(staged);
}

// ---- the add wizard's uploads

/**
 * `POST /document/addDocumentFiles`: the files are kept staged (24 hours) under a new upload id, if they fit the
 * uploader's staging quota; their text is queued, not waited for.
 */
export async function recordUpload(
  ctx: AppContext,
  run: CommandRun,
  input: { kind: 'parent' | 'child'; files: { staged: StagedFile; role: UploadedFile['role'] }[]; uploads: Uploads; actor: AuthenticatedUser },
): Promise<{ uploadId: string; files: UploadedFile[] }> {
  const uploadId = randomUUID();
  const files = input.files.map(({ staged, role }): UploadedFile => ({ ...documentFileOf(staged), stagedId: staged.stagedId, role }));
  const staged = input.files.map((file) => file.staged);
  await input.uploads.keepStagedWithinQuota(staged, async () => {
    await run.execute({
      stream: documentUploadStreamId(uploadId),
      decider: documentUploadDecider,
      command: { type: 'RecordUpload', uploadId, kind: input.kind, uploadedBy: input.actor.userId, files, now: run.now },
    });
    await countStagedUpload(ctx.db, { uploadId, uploadedBy: input.actor.userId, files: staged, now: run.now });
  });
  await ctx.textQueue.enqueue(input.files.filter(({ role }) => role !== 'logo').map(({ staged: file }) => file));
  return { uploadId, files };
}

/** The staged files of an upload, as the file store takes them back. */
const stagedOf = (file: UploadedFile): StagedFile => ({
  stagedId: file.stagedId,
  sha256: file.sha256,
  contentType: file.contentType,
  size: file.size,
  originalName: file.docName,
});

async function useUpload(
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

async function checkUpload(ctx: AppContext, run: CommandRun, input: { uploadId: string; field: string; kind: 'parent' | 'child'; actor: AuthenticatedUser }) {
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

async function releaseUploads(run: CommandRun, uploadIds: string[], parentChangeId: string) {
  for (const uploadId of uploadIds) {
    await run.execute({ stream: documentUploadStreamId(uploadId), decider: documentUploadDecider, command: { type: 'ReleaseUpload', parentChangeId } });
  }
}

// ---- the change order

/** Where one child's PDF comes from: an upload of the wizard, or (a revision) a stored file carried over. */
export type ChildFileSource = { uploadId: string; field: string } | { kept: DocumentFile };

/**
 * A new change order as its author submits it: the parent, the children, the signer, and where the files come from.
 * A revision (issue 22) carries over stored files of the rejected change order (`kept`) and records its link on the
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
    step: (revision: ChangeOrderRef) => Step<ChangeOrderCommand, DocumentEvent, ChangeOrderState>;
    /** Issue 23: the change order revised is an approved one whose periodic review concluded 'revise'. */
    afterPeriodicReview?: boolean;
  };
}

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

  const command = (signature: Signature, documentId: string): ChangeOrderCommand => ({
    type: 'CreateChangeOrder',
    parentChangeId,
    documentId,
    approvalRoutingNumber: approvalRoutingNumber(documentId),
    details,
    logo,
    files: supporting,
    children: draft.children.map((child, index) => ({ ...child.details, childDocumentId: randomUUID(), file: childFiles[index]! })),
    customer,
    approver,
    signature,
    comments: draft.comments,
    actorUserId: actor.userId,
    ...(draft.revision ? { revises: draft.revision.revises, ...(draft.revision.afterPeriodicReview ? { revisesApproved: true } : {}) } : {}),
  });
  const record = await run.load(stream, changeOrderDecider);
  await run.check({ stream, decider: changeOrderDecider, from: record, command: command(UNSIGNED, 'CO-0000-00000') });
  if (draft.revision) await run.check(draft.revision.step({ parentChangeId, documentId: 'CO-0000-00000' }));
  const { signature } = await sign(ctx, run, {
    signer: actor,
    credentials: draft.credentials,
    meaning: 'authorship',
    // A new record: its author reviewed none before it (version 0).
    subject: { stream, decider: changeOrderDecider, vocabulary: documentsVocabulary, seenVersion: 0, record },
  });

  const taken: string[] = [];
  try {
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
    await run.execute({ stream, decider: changeOrderDecider, from: record, command: command(signature, documentId), expectedVersion: 0 });
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

interface SignedEdit {
  parentChangeId: string;
  credentials: SignatureCredentials;
  comments: string;
  actor: AuthenticatedUser;
  seenVersion: number | undefined;
}

/** `PUT /document/updateParent`: the parent's fields, a new logo, more supporting files; signed. */
export async function updateParent(
  ctx: AppContext,
  run: CommandRun,
  input: SignedEdit & { details: ParentDetails; logo?: StagedFile; newFiles: StagedFile[]; uploads: Uploads },
): Promise<void> {
  const [customer, approver] = await Promise.all([customerFacts(run, input.details.customerId), approverFacts(run, input.details.approverId)]);
  const logo = input.logo && documentFileOf(input.logo);
  const addFiles = input.newFiles.map(documentFileOf);
  await signedStep(ctx, run, {
    ...input,
    meaning: 'authorship',
    command: (signature) => ({
      type: 'UpdateParent',
      details: input.details,
      logo,
      addFiles,
      customer,
      approver,
      signature,
      comments: input.comments,
      actorUserId: input.actor.userId,
    }),
  });
  await keepFiles(ctx, input.uploads, [...(input.logo ? [input.logo] : []), ...input.newFiles]);
}

/** `POST /document/addFilesToParent`: more supporting files (4 at most in all); signed. */
export async function addFilesToParent(ctx: AppContext, run: CommandRun, input: SignedEdit & { newFiles: StagedFile[]; uploads: Uploads }): Promise<void> {
  if (input.newFiles.length === 0) refuse('invalid-request', { message: 'parentDocuments: Select a document' });
  const files = input.newFiles.map(documentFileOf);
  await signedStep(ctx, run, {
    ...input,
    meaning: 'authorship',
    command: (signature) => ({ type: 'AddSupportingFiles', files, signature, comments: input.comments, actorUserId: input.actor.userId }),
  });
  await keepFiles(ctx, input.uploads, input.newFiles);
}

/** `DELETE /document/deleteParentFileById`: signed with the meaning `file-deletion`, bound to the file's SHA-256. */
export async function deleteSupportingFile(ctx: AppContext, run: CommandRun, input: Omit<SignedEdit, 'comments'> & { fileId: string }): Promise<void> {
  await signedStep(ctx, run, {
    ...input,
    meaning: 'file-deletion',
    sha256: (state) => state.files.find((f) => f.fileId === input.fileId)?.sha256,
    command: (signature) => ({ type: 'DeleteSupportingFile', fileId: input.fileId, signature, comments: '', actorUserId: input.actor.userId }),
  });
}

/** `PUT /document/updateSingleChildDocument` with `documentParentChangeId`: a new child (its file required); signed. */
export async function addChild(
  ctx: AppContext,
  run: CommandRun,
  input: SignedEdit & { details: ChildDetails; file: StagedFile | undefined; uploads: Uploads },
): Promise<string> {
  if (!input.file) refuse('invalid-request', { message: 'childMainDocument: Select a document' });
  const childDocumentId = randomUUID();
  const file = documentFileOf(input.file);
  await signedStep(ctx, run, {
    ...input,
    meaning: 'authorship',
    sha256: () => file.sha256,
    command: (signature) => ({ type: 'AddChild', childDocumentId, details: input.details, file, signature, comments: input.comments, actorUserId: input.actor.userId }),
    prepare: () => indexDocumentTexts(ctx, [{ sha256: file.sha256, languageList: input.details.languageList }]),
  });
  await keepFiles(ctx, input.uploads, [input.file]);
  return childDocumentId;
}

/** `PUT /document/updateSingleChildDocument` with `childDocumentId`: the child's fields and, optionally, a new file. */
export async function updateChild(
  ctx: AppContext,
  run: CommandRun,
  input: SignedEdit & { childDocumentId: string; details: ChildDetails; file: StagedFile | undefined; uploads: Uploads },
): Promise<void> {
  const file = input.file && documentFileOf(input.file);
  await signedStep(ctx, run, {
    ...input,
    meaning: 'authorship',
    sha256: () => file?.sha256,
    command: (signature) => ({
      type: 'UpdateChild',
      childDocumentId: input.childDocumentId,
      details: input.details,
      file,
      signature,
      comments: input.comments,
      actorUserId: input.actor.userId,
    }),
    prepare: async (state) => {
      const sha256 = file?.sha256 ?? state.children.find((c) => c.childDocumentId === input.childDocumentId)?.file.sha256;
      if (sha256) await indexDocumentTexts(ctx, [{ sha256, languageList: input.details.languageList }]);
    },
  });
  if (input.file) await keepFiles(ctx, input.uploads, [input.file]);
}

const today = (now: Date) => now.toISOString().slice(0, 10);

/** `DELETE /document/deleteChildDoc`: the child leaves every list and search; signed `deactivation`. */
export async function deactivateChild(ctx: AppContext, run: CommandRun, input: Omit<SignedEdit, 'comments'> & { childDocumentId: string }): Promise<void> {
  await signedStep(ctx, run, {
    ...input,
    meaning: 'deactivation',
    command: (signature) => ({
      type: 'DeactivateChild',
      childDocumentId: input.childDocumentId,
      today: today(run.now),
      signature,
      comments: '',
      actorUserId: input.actor.userId,
    }),
  });
}

/** `DELETE /document/deleteParentChange`: the change order leaves every list and search; signed `deactivation`. */
export async function deactivateChangeOrder(ctx: AppContext, run: CommandRun, input: Omit<SignedEdit, 'comments'>): Promise<void> {
  await signedStep(ctx, run, {
    ...input,
    meaning: 'deactivation',
    command: (signature) => ({ type: 'DeactivateChangeOrder', today: today(run.now), signature, comments: '', actorUserId: input.actor.userId }),
  });
}

/** What `userId` has opened of this change order's files (the review a decision requires). */
export async function openedFiles(run: CommandRun, parentChangeId: string, userId: string): Promise<ReadonlySet<string>> {
  const { state } = await run.load(documentFilesStreamId(parentChangeId), documentFilesDecider);
  return openedBy(state, userId);
}

/** What a decision answers: the change order as decided (its version the ETag) and what the approver had opened. */
export interface ChangeOrderDecided extends StepResult<DocumentEvent, ChangeOrderState> {
  opened: ReadonlySet<string>;
}

/**
 * `POST /document/approveDocuments`: the assigned approver's signed decision (meaning `approval` or `rejection`). The
 * change order and the approver's downloads are folded once (issue 22, item 12). The decision is checked unsigned
 * first (not the approver, already decided, files not opened: refused without asking for the password), then signed
 * with the approver's own credentials (failures count toward lockout) at the version they reviewed (If-Match,
 * required), then decided on the same fold at the version signed, so that of two decisions at once exactly one is
 * recorded and the other is a 409. Answers the result, from which the route answers.
 */
export async function decideChangeOrder(
  ctx: AppContext,
  run: CommandRun,
  input: {
    parentChangeId: string;
    approve: boolean;
    /** The approver id the request names, if it names one: it must be the caller's. */
    approverIdGiven?: string;
    reason: string;
    /** Issue 23: the first periodic review date the approver chose. */
    reviewDate?: string;
    credentials: SignatureCredentials;
    actor: AuthenticatedUser;
    seenVersion: number | undefined;
  },
): Promise<ChangeOrderDecided> {
  const stream = documentStreamId(input.parentChangeId);
  const [record, opened] = await Promise.all([run.load(stream, changeOrderDecider), openedFiles(run, input.parentChangeId, input.actor.userId)]);
  const decision = (signature: Signature, signerRole: Role): ChangeOrderCommand => ({
    type: 'DecideChangeOrder',
    approve: input.approve,
    ...(input.approverIdGiven === undefined ? {} : { approverIdGiven: input.approverIdGiven }),
    reason: input.reason,
    signature,
    signerRole,
    opened,
    now: run.now,
    ...(input.reviewDate === undefined ? {} : { reviewDate: input.reviewDate }),
  });
  // Checked with the actor's role as the authentication middleware read it from the log for this request; the signed
  // decision uses the signer's role as the signature reads it again.
  const decided = await decideSigned(ctx, run, {
    actor: input.actor,
    credentials: input.credentials,
    meaning: input.approve ? 'approval' : 'rejection',
    subject: { stream, decider: changeOrderDecider, vocabulary: documentsVocabulary, seenVersion: input.seenVersion, record },
    decision,
  });
  return { ...decided, opened };
}

/**
 * `POST /document/update/IsInternal`: an ADMIN (as they are now) switches a decided change order Online or Offline, at
 * once (spec §4), recorded with who, when and the reason if one was given. A concurrent change of the change order is
 * folded and decided again, never a 409: taking a document Offline waits for no one. The change order's approver is
 * told by mail, after the answer (a mail server never delays the switch).
 */
export async function changeAccessibility(
  ctx: AppContext,
  run: CommandRun,
  input: { parentChangeId: string; isInternal: boolean; reason?: string; actor: AuthenticatedUser },
): Promise<void> {
  const { events, state } = await run.execute({
    stream: documentStreamId(input.parentChangeId),
    decider: changeOrderDecider,
    // The role as the authentication middleware read it from the log for this request (issue 19, finding 2).
    command: { type: 'ChangeAccessibility', isInternal: input.isInternal, reason: input.reason, actorUserId: input.actor.userId, actorRole: input.actor.role },
  });
  const changed = events.find((event) => event.type === 'ChangeOrderAccessibilityChanged');
  if (changed?.type !== 'ChangeOrderAccessibilityChanged' || !state.details) return;
  const switched = { ...changed.data, productFamilyName: state.details.productFamilyName, approverId: state.details.approverId, at: run.now };
  ctx.work.defer('accessibility mail to the approver', () => tellApproverOfAccessibility(ctx, input.actor, switched));
}

export const accessibilityMailSubject = (documentId: string, isInternal: boolean) =>
  `IFU Portal: ${documentId} was switched ${isInternal ? 'Offline' : 'Online'}`;

/**
 * The change order's approver is told of an Online/Offline switch: which change order, what changed, who did it, when
 * and why. Not when the approver switched it themselves, nor to an account that is not active; a refused mail is logged.
 */
async function tellApproverOfAccessibility(
  ctx: AppContext,
  actor: AuthenticatedUser,
  switched: { parentChangeId: string; documentId: string; productFamilyName: string; approverId: string; isInternal: boolean; previous: boolean; reason?: string; at: Date },
): Promise<void> {
  if (switched.approverId === actor.userId) return;
  const approver = await findUserById(ctx.db, switched.approverId);
  if (!approver?.userActive || approver.isDeleted) return;
  const state = (isInternal: boolean) => (isInternal ? 'Offline' : 'Online');
  const who = actor.name ? `${actor.name} (${actor.email})` : actor.email;
  try {
    await ctx.mailer.send({
      to: approver.email,
      subject: accessibilityMailSubject(switched.documentId, switched.isInternal),
      text: [
        `Hello ${approver.firstName} ${approver.lastName},`,
        '',
        `${who} switched change order ${switched.documentId} (${switched.productFamilyName}), which you are the approver of, ${state(switched.isInternal)} on ${switched.at.toISOString().slice(0, 16).replace('T', ' ')} UTC. It was ${state(switched.previous)}.`,
        `Reason: ${switched.reason || REASON_NOT_GIVEN}.`,
        switched.isInternal
          ? 'Its documents left the public site at once: no visitor can find or download them until it is switched Online again.'
          : 'Its documents are on the public site again: visitors can find and download them.',
        '',
        `Open it: ${ctx.config.PUBLIC_ADMIN_URL}/document/view/${switched.parentChangeId}`,
        '',
        'IFU Portal',
      ].join('\n'),
    });
  } catch (err) {
    ctx.logger.error({ err: { code: (err as { code?: unknown }).code }, documentId: switched.documentId }, 'the Online/Offline mail to the approver was not delivered');
  }
}

/**
 * `POST /document/accessibility/decide` (issue 22): the approver signs (meaning `approval`) or rejects (`rejection`) a
 * pending Online/Offline change. Checked unsigned first (not the approver, nothing pending: refused without the
 * password), signed at the version reviewed, then decided on the fold the signature loaded.
 */
export async function decideAccessibility(
  ctx: AppContext,
  run: CommandRun,
  input: { parentChangeId: string; approve: boolean; reason: string; credentials: SignatureCredentials; actor: AuthenticatedUser; seenVersion: number | undefined },
): Promise<void> {
  const stream = documentStreamId(input.parentChangeId);
  const record = await run.load(stream, changeOrderDecider);
  const decision = (signature: Signature, signerRole: Role): ChangeOrderCommand => ({
    type: 'DecideAccessibility',
    approve: input.approve,
    reason: input.reason,
    signature,
    signerRole,
  });
  await run.check({ stream, decider: changeOrderDecider, from: record, command: decision({ ...UNSIGNED, signerId: input.actor.userId }, input.actor.role) });
  const signed = await sign(ctx, run, {
    signer: input.actor,
    credentials: input.credentials,
    meaning: input.approve ? 'approval' : 'rejection',
    subject: { stream, decider: changeOrderDecider, vocabulary: documentsVocabulary, seenVersion: input.seenVersion, record },
  });
  await run.execute({
    stream,
    decider: changeOrderDecider,
    from: signed.record,
    expectedVersion: signed.signature.subject!.version,
    command: decision(signed.signature, signed.signerRole),
  });
}

/** Records one staff download of a change order's file (the approver's downloads are their review). */
export async function recordDownload(run: CommandRun, download: DocumentFileEvent['data']): Promise<void> {
  await run.execute({ stream: documentFilesStreamId(download.parentChangeId), decider: documentFilesDecider, command: { type: 'RecordDownload', download } });
}
