import type { Request, Response } from 'express';
import type { Queryable } from '@ifu/storage/database/database';
import type { ChangeOrderView, Role } from '@ifu/contracts';
import {
  type ChangeOrderRecord,
  changeOrdersProjection,
  documentSearchProjection,
  findChangeOrder,
  findChildVersions,
  findUserById,
  isReviewOverdue,
  type PersonRecord,
  safetyNoticeCounts,
  versionChanges,
} from '@ifu/projections';
import { labelUrlOf, permalinkOf } from '../eifu';
import type { AppContext } from '../platform/app-context';
import type { CommandRun } from '../platform/command-pipeline';
import { refuse } from '../platform/errors';
import { runCommand, setVersion } from '../platform/http';
import { authoringRefusal, filesToOpen, openedKey } from './change-order';
import { openedFiles } from './downloads/document-files';
import { accessibilityDecisionRefusal, accessibilitySwitchRefusal, approverIsAuthor, mayDecide, mayReassign, periodicReviewRefusal, reviewDateRefusal, revisionRefusal } from './permissions';

/**
 * A change order as the staff screens show it, and the one answer of every change order command: the record as the
 * read models have it once the command settled, with what the caller may do with it now.
 */

/** The logo link in a staff answer works this long: enough to show it on the screen, not to share it. */
const FILE_LINK_SECONDS = 10 * 60;

/** Where a PDF's text is for the searches: queued, indexed whole, indexed in part (a limit cut it), or not extracted. */
export type TextIndexing = 'pending' | 'indexed' | 'partial' | 'failed';

/**
 * The text indexing of each file (by SHA-256) as the view shows it, from the table the text queue fills
 * (search/text-queue.ts): 'pending' while it has no text row (queued).
 */
export async function textIndexingOf(db: Queryable, sha256s: string[]): Promise<Map<string, TextIndexing>> {
  const { rows } = await db.query<{ sha256: string; failure: string | null; truncated: string | null; empty: boolean }>(
    `SELECT sha256, failure, truncated, text = '' AS empty FROM document_file_text WHERE sha256 = ANY($1)`,
    [sha256s],
  );
  const known = new Map(rows.map((row): [string, TextIndexing] => [row.sha256, row.failure && row.empty ? 'failed' : row.truncated || row.failure ? 'partial' : 'indexed']));
  return new Map(sha256s.map((sha256) => [sha256, known.get(sha256) ?? 'pending']));
}

/** Who looks at a change order: the session's account as the authentication read it from the log for the request. */
export interface Viewer {
  userId: string;
  role: Role;
}

/** What the caller's view of a change order adds to the record: what they opened, and the versions of its children. */
export interface ReviewFacts {
  viewer: Viewer;
  opened: ReadonlySet<string>;
  versions: Awaited<ReturnType<typeof findChildVersions>>;
  /** Where each child's PDF text is for the searches (by SHA-256): queued, indexed, in part, or not extracted. */
  texts: ReadonlyMap<string, TextIndexing>;
  /** A safety revision's reach (null for any other change order). */
  safetyNotices: { notified: number; opened: number } | null;
  /** Whether the change order that revises this one exists; false when none does. */
  revisionExists: boolean;
  /** Who requested the pending Online/Offline change, when one is pending and their account is found. */
  accessibilityRequester?: PersonRecord | null;
}

/**
 * A change order as the view and edit screens show it. Its files carry no link: each is opened through the download
 * call, which records the download (the approver's review); only the logo is a short-lived signed link.
 */
export function toChangeOrderView(ctx: AppContext, record: ChangeOrderRecord, review: ReviewFacts, now = ctx.clock()): ChangeOrderView {
  const isOpened = (file: { fileId: string; sha256: string }) => review.opened.has(openedKey(file));
  return {
    parentChangeId: record.parentChangeId,
    parentDocumentChangeId: record.parentChangeId,
    documentId: record.documentId,
    approvalRoutingNumber: record.approvalRoutingNumber,
    status: record.status,
    changeType: record.changeType,
    productFamilyName: record.productFamilyName,
    productFamilyDescription: record.productFamilyDescription,
    changeDescription: record.changeDescription,
    changeJustification: record.changeJustification,
    basicUdiDi: record.basicUdiDi,
    safetyRevision: record.safetyRevision,
    safetyNotices: review.safetyNotices,
    comments: record.comments,
    reason: record.reason,
    isInternal: record.isInternal,
    effectiveDate: record.effectiveDate,
    approvedDate: record.approvedDate,
    customerId: record.customerId,
    customerName: record.customerName,
    approverId: record.approverId,
    approver: record.approver,
    author: record.author,
    parentDocumentList: record.files.map((file) => ({
      fileId: file.fileId,
      id: file.fileId,
      docName: file.docName,
      size: file.size,
      sha256: file.sha256,
      opened: isOpened(file),
    })),
    parentDocumentLogoUrl: ctx.files.urls.sign(record.logo, { ttlSeconds: FILE_LINK_SECONDS, filename: record.logo.docName }, now),
    children: record.children
      .filter((child) => child.active)
      .map((child) => {
        const versions = review.versions.get(child.childDocumentId);
        // Each earlier version with what changed from it to the version after it (the newest one: this child).
        const earlier = versions?.earlier ?? [];
        return {
          childDocumentId: child.childDocumentId,
          documentNumber: child.documentNumber,
          associatedReferenceNumber: child.associatedReferenceNumber,
          productSubFamilyNameOne: child.productSubFamilyNameOne,
          productSubFamilyNameTwo: child.productSubFamilyNameTwo,
          billMaterialInformation: child.billMaterialInformation,
          keywords: child.keywords,
          countryList: child.countryList,
          languageList: child.languageList,
          changeDescription: child.changeDescription,
          changeJustification: child.changeJustification,
          gtin: child.gtin ?? '',
          additionalLots: child.additionalLots ?? '',
          serialRanges: child.serialRanges ?? '',
          labelUrl: labelUrlOf(ctx.config, child),
          permalink: permalinkOf(ctx.config, child.documentNumber),
          comments: child.comments,
          docName: child.file.docName,
          sha256: child.file.sha256,
          size: child.file.size,
          obsoleteDate: versions?.obsoleteDate ?? child.obsoleteDate,
          signatures: child.signatures,
          opened: isOpened(child.file),
          textIndexing: review.texts.get(child.file.sha256),
          archived: versions?.obsoleteDate != null && versions.obsoleteDate <= now.toISOString().slice(0, 10),
          supersededBy: versions?.supersededBy ?? null,
          versions: earlier.map((version, index) => ({
            childDocumentId: version.childDocumentId,
            documentNumber: version.documentNumber,
            parentChangeId: version.parentChangeId,
            documentId: version.documentId,
            effectiveDate: version.effectiveDate,
            obsoleteDate: version.obsoleteDate,
            changes: versionChanges(version, index === 0 ? versions!.self : earlier[index - 1]!),
          })),
        };
      }),
    deactivatedChildren: record.children
      .filter((child) => !child.active)
      .map((child) => ({
        childDocumentId: child.childDocumentId,
        documentNumber: child.documentNumber,
        associatedReferenceNumber: child.associatedReferenceNumber,
        productSubFamilyNameOne: child.productSubFamilyNameOne,
        docName: child.file.docName,
        obsoleteDate: child.obsoleteDate,
        reason: child.deactivationReason ?? null,
      })),
    signatures: record.signatures,
    createdAt: record.createdAt,
    editable: authoringRefusal({ exists: true, active: record.active, status: record.status }) === undefined,
    mayDecide: mayDecide(record, { id: review.viewer.userId, role: review.viewer.role }),
    unopened: record.status === 'REQUIRE_APPROVAL' ? filesToOpen(record, review.opened) : [],
    revises: record.revises,
    revisedBy: review.revisionExists ? record.revisedBy : null,
    mayRevise: revisionRefusal({ ...record, exists: true }, review.viewer.userId, review.revisionExists) === undefined,
    pendingAccessibility: record.pendingAccessibility && {
      isInternal: record.pendingAccessibility.isInternal,
      requestedBy: review.accessibilityRequester ?? null,
      reason: record.pendingAccessibility.reason,
    },
    maySwitchAccessibility: accessibilitySwitchRefusal({ ...record, exists: true }, review.viewer) === undefined,
    mayDecideAccessibility: accessibilityDecisionRefusal({ ...record, exists: true }, { id: review.viewer.userId, role: review.viewer.role }) === undefined,
    delegatedFrom: record.delegatedFrom,
    approverIsAuthor: approverIsAuthor(record, { id: review.viewer.userId, role: review.viewer.role }),
    mayReassign: mayReassign(record, review.viewer),
    periodicReview: {
      reviewDate: record.reviewDate,
      overdue: isReviewOverdue(record, now.toISOString().slice(0, 10)),
      lastReview: record.lastReview,
      mayComplete: periodicReviewRefusal({ ...record, exists: true }, { id: review.viewer.userId, role: review.viewer.role }) === undefined,
      maySetDate: reviewDateRefusal({ ...record, exists: true }, { id: review.viewer.userId, role: review.viewer.role }) === undefined,
    },
    version: record.version,
  };
}

/**
 * The caller's view of a change order: the record with what they opened and the versions of its children. `opened` is
 * what a command already folded of the caller's downloads (a decision's result); otherwise `run` folds them.
 */
export async function changeOrderViewFor(
  ctx: AppContext,
  run: CommandRun,
  record: ChangeOrderRecord,
  viewer: Viewer,
  opened?: ReadonlySet<string>,
): Promise<ChangeOrderView> {
  const active = record.children.filter((child) => child.active);
  const requesterId = record.pendingAccessibility?.requestedBy;
  const [openedNow, versions, texts, safetyNotices, revision, requester] = await Promise.all([
    opened ?? openedFiles(run, record.parentChangeId, viewer.userId),
    findChildVersions(ctx.db, active.map((child) => child.childDocumentId)),
    textIndexingOf(ctx.db, active.map((child) => child.file.sha256)),
    record.safetyRevision ? safetyNoticeCounts(ctx.db, record.parentChangeId) : null,
    record.revisedBy ? findChangeOrder(ctx.db, record.revisedBy.parentChangeId) : undefined,
    requesterId ? findUserById(ctx.db, requesterId) : undefined,
  ]);
  const accessibilityRequester = requester
    ? { id: requester.id, firstName: requester.firstName, name: `${requester.firstName} ${requester.lastName}`.trim(), email: requester.email }
    : null;
  const facts = { viewer, opened: openedNow, versions, texts, safetyNotices, revisionExists: revision !== undefined, accessibilityRequester };
  return toChangeOrderView(ctx, record, facts, run.now);
}


/** The read models a document command's answer and the next screens need: the change orders and the search. */
export const READ_MODELS = [changeOrdersProjection.name, documentSearchProjection.name];

/** What a change order command answers: its message, the change order it leaves, and what the answer adds. */
export interface ChangeOrderAnswer {
  message: string;
  parentChangeId: string;
  /** What the command already folded of the caller's downloads (a decision), so the answer does not fold them again. */
  opened?: ReadonlySet<string>;
  /** Fields the answer carries beside `message` and `document` (a new change order's ids). */
  extra?: object;
}

/**
 * Every change order command's route: the command run and settled (`runCommand`), then answered with the change order
 * as the read models show it, its version the ETag, read with the command's own run (its time, its folds).
 */
export async function answerChangeOrderCommand(ctx: AppContext, req: Request, res: Response, work: (run: CommandRun) => Promise<ChangeOrderAnswer>): Promise<void> {
  const { run, result } = await runCommand(ctx, req, READ_MODELS, work);
  const record = await findChangeOrder(ctx.db, result.parentChangeId);
  if (!record) refuse('document-not-found');
  setVersion(res, record.version);
  res.json({ message: result.message, ...result.extra, document: await changeOrderViewFor(ctx, run, record, req.auth!, result.opened) });
}
