import { randomUUID } from 'node:crypto';
import { type ChildDetails, documentStreamId, type Signature, type SignatureCredentials, type SignatureMeaning } from '@ifu/contracts';
import type { StagedFile } from '../../platform/file-store';
import type { Uploads } from '../../files';
import type { AppContext } from '../../platform/app-context';
import type { CommandRun } from '../../platform/command-pipeline';
import { refuse } from '../../platform/errors';
import type { AuthenticatedUser } from '../../platform/http';
import { signed } from '../../signatures';
import { approverFacts } from '../../users';
import { documentsVocabulary } from '../audit';
import type { ChangeOrderState } from '../change-order';
import { indexDocumentTexts } from '../search/document-text';
import { customerFacts, documentFileOf, keepFiles } from './files';
import { type AuthoringCommand, authoringDecider, type GivenParentDetails } from './rules';

/**
 * The signed edits of a change order awaiting its decision: each one signed step (`signed`) by its author's own
 * credentials, at the version reviewed (a deactivation or file deletion must name it), decided once before the
 * password is asked for; a refused edit neither asks for the signature nor keeps a file.
 */
async function signedEdit(
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
    command: (signature: Signature) => AuthoringCommand;
    /** Runs once signed, before the events are appended (a file's text vectors, for the read models). */
    beforeAppend?: (state: ChangeOrderState) => Promise<void>;
  },
) {
  return signed(ctx, run, {
    stream: documentStreamId(input.parentChangeId),
    decider: authoringDecider,
    vocabulary: documentsVocabulary,
    meaning: input.meaning,
    signer: input.actor,
    credentials: input.credentials,
    seenVersion: input.seenVersion,
    command: (signature) => input.command(signature),
    ...(input.sha256 ? { sha256: input.sha256 } : {}),
    ...(input.beforeAppend ? { beforeAppend: input.beforeAppend } : {}),
  });
}

export interface SignedEdit {
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
  input: SignedEdit & { details: GivenParentDetails; logo?: StagedFile; newFiles: StagedFile[]; uploads: Uploads },
): Promise<void> {
  const [customer, approver] = await Promise.all([customerFacts(run, input.details.customerId), approverFacts(run, input.details.approverId)]);
  const logo = input.logo && documentFileOf(input.logo);
  const addFiles = input.newFiles.map(documentFileOf);
  await signedEdit(ctx, run, {
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
  await signedEdit(ctx, run, {
    ...input,
    meaning: 'authorship',
    command: (signature) => ({ type: 'AddSupportingFiles', files, signature, comments: input.comments, actorUserId: input.actor.userId }),
  });
  await keepFiles(ctx, input.uploads, input.newFiles);
}

/** `DELETE /document/deleteParentFileById`: signed with the meaning `file-deletion`, bound to the file's SHA-256. */
export async function deleteSupportingFile(ctx: AppContext, run: CommandRun, input: Omit<SignedEdit, 'comments'> & { fileId: string }): Promise<void> {
  await signedEdit(ctx, run, {
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
  await signedEdit(ctx, run, {
    ...input,
    meaning: 'authorship',
    sha256: () => file.sha256,
    command: (signature) => ({ type: 'AddChild', childDocumentId, details: input.details, file, signature, comments: input.comments, actorUserId: input.actor.userId }),
    beforeAppend: () => indexDocumentTexts(ctx, [{ sha256: file.sha256, languageList: input.details.languageList }]),
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
  await signedEdit(ctx, run, {
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
    beforeAppend: async (state) => {
      const sha256 = file?.sha256 ?? state.children.find((c) => c.childDocumentId === input.childDocumentId)?.file.sha256;
      if (sha256) await indexDocumentTexts(ctx, [{ sha256, languageList: input.details.languageList }]);
    },
  });
  if (input.file) await keepFiles(ctx, input.uploads, [input.file]);
}

const today = (now: Date) => now.toISOString().slice(0, 10);

/** `DELETE /document/deleteChildDoc`: the child leaves every list and search; signed `deactivation`. */
export async function deactivateChild(ctx: AppContext, run: CommandRun, input: Omit<SignedEdit, 'comments'> & { childDocumentId: string }): Promise<void> {
  await signedEdit(ctx, run, {
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
  await signedEdit(ctx, run, {
    ...input,
    meaning: 'deactivation',
    command: (signature) => ({ type: 'DeactivateChangeOrder', today: today(run.now), signature, comments: '', actorUserId: input.actor.userId }),
  });
}
