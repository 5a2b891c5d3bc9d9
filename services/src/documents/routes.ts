import { type Request, type RequestHandler, type Response, Router } from 'express';
import {
  AddDocumentListData,
  AddFilesToParentFields,
  type ChangeOrderView,
  DeleteChildDocRequest,
  DeleteParentChangeRequest,
  DeleteParentFileRequest,
  DOCUMENT_MESSAGES,
  DocumentListQuery,
  documentStreamId,
  type DocumentListResponse,
  ReviseChangeOrderRequest,
  type Role,
  UpdateChildFields,
  UpdateParentFields,
} from '@ifu/contracts';
import {
  type ChangeOrderRecord,
  changeOrdersProjection,
  documentSearchProjection,
  findChangeOrder,
  findChildVersions,
  findUserById,
  type PersonRecord,
  safetyNoticeCounts,
  isReviewOverdue,
  listChangeOrders,
  versionChanges,
} from '@ifu/projections';
import { z } from 'zod';
import { guards } from '../auth/authentication';
import { acceptUploads, filePolicies } from '../files/uploads';
import { labelUrlOf, permalinkOf } from '../eifu/labels';
import type { AppContext } from '../platform/app-context';
import { refuse } from '../platform/errors';
import { idParam, ifMatch, originOf, parseBody, setVersion } from '../platform/http';
import { recordViews } from '../signatures/record-views';
import type { CommandRun } from '../platform/command-pipeline';
import {
  accessibilityDecisionRefusal,
  authoringRefusal,
  filesToOpen,
  mayDecide,
  openedKey,
  periodicReviewRefusal,
  reviewDateRefusal,
  revisionRefusal,
} from './change-order';
import { reviseChangeOrder } from './revise';
import { type TextIndexing, textIndexingOf } from './document-text';
import { uploadLimits } from './upload-staging';
import {
  addChild,
  addFilesToParent,
  childDetailsOf,
  createChangeOrder,
  deactivateChangeOrder,
  deactivateChild,
  deleteSupportingFile,
  openedFiles,
  parentDetailsOf,
  recordUpload,
  updateChild,
  updateParent,
} from './commands';

/** The logo link in a staff answer works this long: enough to show it on the screen, not to share it. */
const FILE_LINK_SECONDS = 10 * 60;

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
  /** Whether the change order that revises this one exists (issue 22); false when none does. */
  revisionExists: boolean;
  /** Who requested the pending Online/Offline change (issue 22), when one is pending and their account is found. */
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
    parentDocumentLogoUrl: ctx.files.signedUrl(record.logo, { ttlSeconds: FILE_LINK_SECONDS, filename: record.logo.docName }, now),
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
    mayDecideAccessibility: accessibilityDecisionRefusal({ ...record, exists: true }, { id: review.viewer.userId, role: review.viewer.role }) === undefined,
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

/** `isParent` of the upload call: the only text field it takes. */
export const UploadFields = z.strictObject({
  isParent: z.enum(['true', 'false'], { error: (issue) => (issue.input === undefined ? 'isParent is required' : 'isParent must be true or false') }),
  /** Revise and resubmit (issue 22): a parent upload may then hold no logo (the revision keeps the rejected one's). */
  revising: z.enum(['true', 'false'], { error: 'revising must be true or false' }).optional(),
});

/** Documents: the add wizard's uploads and submit, the list, the view, and every signed edit (spec §2.7-§2.12, §7.3). */
export function documentRoutes(ctx: AppContext): Router {
  const router = Router();
  const { loggedIn } = guards(ctx);
  const policies = filePolicies(ctx.config);
  // Each route that takes files: the uploader's rate limit first (nothing is read from a refused request), then the
  // files, streamed into staging within the uploader's staging quota.
  const limits = uploadLimits(ctx);
  const withFiles = (fields: Parameters<typeof acceptUploads>[1]): RequestHandler => {
    const accept = acceptUploads(ctx.files, fields, { quota: limits.quota });
    return (req, res, next) => limits.rate(req, res, (error?: unknown) => (error ? next(error) : accept(req, res, next)));
  };
  const wizardFiles = withFiles({
    parentDocuments: { policy: policies.document('parentDocuments'), maxCount: 4 },
    parentLogo: { policy: policies.logo('parentLogo'), maxCount: 1 },
    childMainDocument: { policy: policies.document('childMainDocument'), maxCount: 1 },
  });
  const parentFiles = withFiles({
    parentDocuments: { policy: policies.document('parentDocuments'), maxCount: 4 },
    parentLogo: { policy: policies.logo('parentLogo'), maxCount: 1 },
  });
  const supportingFiles = withFiles({ parentDocuments: { policy: policies.document('parentDocuments'), maxCount: 4 } });
  const childFile = withFiles({ childMainDocument: { policy: policies.document('childMainDocument'), maxCount: 1 } });

  /** A command's answer: the change order as the read models show it once the command settled, read with its run. */
  async function answerWithChangeOrder(req: Request, res: Response, run: CommandRun, message: string, parentChangeId: string, extra: object = {}) {
    const record = await findChangeOrder(ctx.db, parentChangeId);
    if (!record) refuse('document-not-found');
    setVersion(res, record.version);
    res.json({ message, ...extra, document: await changeOrderViewFor(ctx, run, record, req.auth!) });
  }

  /** The active change order holding this active child: a child's calls name only the child. */
  async function changeOrderHoldingChild(childDocumentId: string) {
    const holder = await findChangeOrder(ctx.db, childDocumentId);
    if (!holder?.active || !holder.children.some((c) => c.childDocumentId === childDocumentId && c.active)) refuse('child-not-found');
    return holder;
  }

  async function answerWithList(req: Request, res: Response, involving?: string) {
    const query = parseBody(DocumentListQuery, { ...req.query });
    const { review, ...rest } = query;
    const today = ctx.clock().toISOString().slice(0, 10);
    const { rows, total } = await listChangeOrders(await ctx.reads.for(req), { ...rest, involving, today, reviewOverdue: review === 'overdue' });
    const viewer = { id: req.auth!.userId, role: req.auth!.role };
    // Each row says whether the caller may decide on it (the approver policy); who wrote it is not sent.
    const list = rows.map(({ createdBy, lastEditedBy, ...row }) => ({ ...row, mayDecide: mayDecide({ ...row, active: true, createdBy, lastEditedBy }, viewer) }));
    res.json({ data: { list, total } } satisfies DocumentListResponse);
  }

  router.post('/document/addDocumentFiles', loggedIn, wizardFiles, async (req, res) => {
    const { isParent, revising } = parseBody(UploadFields, req.body ?? {});
    const uploads = req.uploads!;
    const run = ctx.commands.begin(originOf(req));
    if (isParent === 'true') {
      if (uploads.files('childMainDocument').length > 0) refuse('invalid-request', { message: 'childMainDocument: not accepted with isParent=true' });
      const logo = uploads.single('parentLogo');
      if (!logo && revising !== 'true') refuse('invalid-request', { message: `parentLogo: ${DOCUMENT_MESSAGES.selectDocumentLogo}` });
      const supporting = uploads.files('parentDocuments').map((staged) => ({ staged, role: 'supporting' as const }));
      if (!logo && supporting.length === 0) refuse('invalid-request', { message: `parentDocuments: ${DOCUMENT_MESSAGES.selectDocument}` });
      const { uploadId, files } = await recordUpload(ctx, run, {
        kind: 'parent',
        files: [...supporting, ...(logo ? [{ staged: logo, role: 'logo' as const }] : [])],
        uploads,
        actor: req.auth!,
      });
      res.json({
        message: DOCUMENT_MESSAGES.uploadedServer,
        uploadParentDocumentFileId: uploadId,
        fileDetails: files.map(({ fileId, docName, size, sha256, role }) => ({ fileId, docName, size, sha256, role })),
      });
      return;
    }
    if (uploads.files('parentDocuments').length > 0 || uploads.files('parentLogo').length > 0) {
      refuse('invalid-request', { message: 'parentDocuments: not accepted with isParent=false' });
    }
    const main = uploads.single('childMainDocument');
    if (!main) refuse('invalid-request', { message: `childMainDocument: ${DOCUMENT_MESSAGES.selectDocument}` });
    const { uploadId, files } = await recordUpload(ctx, run, { kind: 'child', files: [{ staged: main, role: 'main' }], uploads, actor: req.auth! });
    res.json({
      message: DOCUMENT_MESSAGES.uploadedServer,
      uploadChildDocumentFileId: uploadId,
      fileDetails: files.map(({ fileId, docName, size, sha256, role }) => ({ fileId, docName, size, sha256, role })),
    });
  });

  router.post('/document/addDocumentListData', loggedIn, async (req, res) => {
    const request = parseBody(AddDocumentListData, req.body);
    const run = ctx.commands.begin(originOf(req));
    const { parentChangeId, documentId } = await createChangeOrder(ctx, run, { request, actor: req.auth! });
    await run.settle(READ_MODELS);
    await answerWithChangeOrder(req, res, run, DOCUMENT_MESSAGES.addedWithId(documentId), parentChangeId, { parentChangeId, documentId });
  });

  // Revise and resubmit (issue 22): a new change order from a rejected one, linked to it, its stored files reused.
  router.post('/document/reviseChangeOrder', loggedIn, async (req, res) => {
    const request = parseBody(ReviseChangeOrderRequest, req.body);
    const run = ctx.commands.begin(originOf(req));
    const { parentChangeId, documentId } = await reviseChangeOrder(ctx, run, { request, actor: req.auth! });
    await run.settle(READ_MODELS);
    await answerWithChangeOrder(req, res, run, DOCUMENT_MESSAGES.addedWithId(documentId), parentChangeId, { parentChangeId, documentId });
  });

  router.get('/document/getDocumentList', loggedIn, (req, res) => answerWithList(req, res));
  router.get('/document/getDocumentParents', loggedIn, (req, res) => answerWithList(req, res));
  router.get('/document/getAllParentsForLoginUser', loggedIn, (req, res) => answerWithList(req, res, req.auth!.userId));

  const sendChangeOrder = async (req: Request, res: Response) => {
    const record = await findChangeOrder(ctx.db, idParam(req, 'id', 'document-not-found'));
    if (!record?.active) refuse('document-not-found');
    // The version this user now has in front of them: a signed decision without If-Match is bound to it.
    await recordViews(ctx, req.auth!.userId, [{ stream: documentStreamId(record.parentChangeId), version: record.version }], ctx.clock());
    setVersion(res, record.version);
    // The answer depends on who asks and what they opened, not only on the version its ETag names: never reused.
    res.setHeader('Cache-Control', 'no-store');
    res.json(await changeOrderViewFor(ctx, ctx.commands.begin(originOf(req)), record, req.auth!));
  };
  router.get('/document/get/:id', loggedIn, sendChangeOrder);
  router.get('/document/getSingleParentById/:id', loggedIn, sendChangeOrder);

  router.put('/document/updateParent', loggedIn, parentFiles, async (req, res) => {
    const { parentChangeId, username, password, comments, ...fields } = parseBody(UpdateParentFields, req.body ?? {});
    const run = ctx.commands.begin(originOf(req));
    await updateParent(ctx, run, {
      parentChangeId,
      details: parentDetailsOf(fields),
      logo: req.uploads!.single('parentLogo'),
      newFiles: req.uploads!.files('parentDocuments'),
      uploads: req.uploads!,
      credentials: { username, password },
      comments,
      actor: req.auth!,
      seenVersion: ifMatch(req),
    });
    await run.settle(READ_MODELS);
    await answerWithChangeOrder(req, res, run, DOCUMENT_MESSAGES.updated, parentChangeId);
  });

  router.put('/document/updateSingleChildDocument', loggedIn, childFile, async (req, res) => {
    const input = parseBody(UpdateChildFields, req.body ?? {});
    const details = childDetailsOf(input);
    const common = {
      details,
      file: req.uploads!.single('childMainDocument'),
      uploads: req.uploads!,
      credentials: { username: input.username, password: input.password },
      comments: input.comments,
      actor: req.auth!,
      seenVersion: ifMatch(req),
    };
    const run = ctx.commands.begin(originOf(req));
    if (input.documentParentChangeId) {
      await addChild(ctx, run, { ...common, parentChangeId: input.documentParentChangeId });
      await run.settle(READ_MODELS);
      await answerWithChangeOrder(req, res, run, DOCUMENT_MESSAGES.childAdded, input.documentParentChangeId);
      return;
    }
    const holder = await changeOrderHoldingChild(input.childDocumentId!);
    await updateChild(ctx, run, { ...common, parentChangeId: holder.parentChangeId, childDocumentId: input.childDocumentId! });
    await run.settle(READ_MODELS);
    await answerWithChangeOrder(req, res, run, DOCUMENT_MESSAGES.childUpdated, holder.parentChangeId);
  });

  router.post('/document/addFilesToParent', loggedIn, supportingFiles, async (req, res) => {
    const input = parseBody(AddFilesToParentFields, req.body ?? {});
    const run = ctx.commands.begin(originOf(req));
    await addFilesToParent(ctx, run, {
      parentChangeId: input.documentParentChangeId,
      newFiles: req.uploads!.files('parentDocuments'),
      uploads: req.uploads!,
      credentials: { username: input.username, password: input.password },
      comments: input.comments,
      actor: req.auth!,
      seenVersion: ifMatch(req),
    });
    await run.settle(READ_MODELS);
    await answerWithChangeOrder(req, res, run, DOCUMENT_MESSAGES.uploaded, input.documentParentChangeId);
  });

  router.delete('/document/deleteParentFileById', loggedIn, async (req, res) => {
    const input = parseBody(DeleteParentFileRequest, req.body);
    const run = ctx.commands.begin(originOf(req));
    await deleteSupportingFile(ctx, run, {
      parentChangeId: input.documentParentChangeId,
      fileId: input.fileId,
      credentials: { username: input.username, password: input.password },
      actor: req.auth!,
      seenVersion: ifMatch(req),
    });
    await run.settle(READ_MODELS);
    await answerWithChangeOrder(req, res, run, DOCUMENT_MESSAGES.updated, input.documentParentChangeId);
  });

  router.delete('/document/deleteChildDoc', loggedIn, async (req, res) => {
    const input = parseBody(DeleteChildDocRequest, req.body);
    const holder = await changeOrderHoldingChild(input.childDocumentId);
    const run = ctx.commands.begin(originOf(req));
    await deactivateChild(ctx, run, {
      parentChangeId: holder.parentChangeId,
      childDocumentId: input.childDocumentId,
      credentials: { username: input.username, password: input.password },
      actor: req.auth!,
      seenVersion: ifMatch(req),
    });
    await run.settle(READ_MODELS);
    await answerWithChangeOrder(req, res, run, DOCUMENT_MESSAGES.updated, holder.parentChangeId);
  });

  router.delete('/document/deleteParentChange', loggedIn, async (req, res) => {
    const input = parseBody(DeleteParentChangeRequest, req.body);
    const run = ctx.commands.begin(originOf(req));
    await deactivateChangeOrder(ctx, run, {
      parentChangeId: input.documentParentChangeId,
      credentials: { username: input.username, password: input.password },
      actor: req.auth!,
      seenVersion: ifMatch(req),
    });
    await run.settle(READ_MODELS);
    res.json({ message: DOCUMENT_MESSAGES.updated });
  });

  return router;
}
