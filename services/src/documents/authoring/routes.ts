import { randomUUID } from 'node:crypto';
import { type RequestHandler, Router } from 'express';
import {
  AddDocumentListData,
  AddFilesToParentFields,
  DeleteChildDocRequest,
  DeleteParentChangeRequest,
  DeleteParentFileRequest,
  DOCUMENT_MESSAGES,
  UpdateChildFields,
  UpdateParentFields,
} from '@ifu/contracts';
import { findChangeOrder } from '@ifu/projections';
import { z } from 'zod';
import { guards } from '../../auth';
import { acceptUploads, filePolicies } from '../../files';
import type { AppContext } from '../../platform/app-context';
import { refuse } from '../../platform/errors';
import { ifMatch, originOf, parseBody, runCommand } from '../../platform/http';
import { answerChangeOrderCommand, READ_MODELS } from '../view';
import { createChangeOrder } from './create';
import { addChild, addFilesToParent, deactivateChangeOrder, deactivateChild, deleteSupportingFile, updateChild, updateParent } from './edits';
import { childDetailsOf, givenParentDetailsOf, newUploadOrigin, recordUpload } from './files';
import { uploadLimits } from './upload-staging';

/** `isParent` of the upload call: the only text field it takes. */
export const UploadFields = z.strictObject({
  isParent: z.enum(['true', 'false'], { error: (issue) => (issue.input === undefined ? 'isParent is required' : 'isParent must be true or false') }),
  /** Revise and resubmit: a parent upload may then hold no logo (the revision keeps the rejected one's). */
  revising: z.enum(['true', 'false'], { error: 'revising must be true or false' }).optional(),
});

/** Authoring: the add wizard's uploads and submit, and every signed edit (spec §2.7-§2.12, §7.3). */
export function authoringRoutes(ctx: AppContext): Router {
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

  /** The active change order holding this active child: a child's calls name only the child. */
  async function changeOrderHoldingChild(childDocumentId: string) {
    const holder = await findChangeOrder(ctx.db, childDocumentId);
    if (!holder?.active || !holder.children.some((c) => c.childDocumentId === childDocumentId && c.active)) refuse('child-not-found');
    return holder;
  }

  router.post('/document/addDocumentFiles', loggedIn, wizardFiles, async (req, res) => {
    const { isParent, revising } = parseBody(UploadFields, req.body ?? {});
    const uploads = req.uploads!;
    const uploadId = randomUUID();
    const run = ctx.commands.begin(newUploadOrigin(originOf(req), uploadId));
    if (isParent === 'true') {
      if (uploads.files('childMainDocument').length > 0) refuse('invalid-request', { message: 'childMainDocument: not accepted with isParent=true' });
      const logo = uploads.single('parentLogo');
      if (!logo && revising !== 'true') refuse('invalid-request', { message: `parentLogo: ${DOCUMENT_MESSAGES.selectDocumentLogo}` });
      const supporting = uploads.files('parentDocuments').map((staged) => ({ staged, role: 'supporting' as const }));
      if (!logo && supporting.length === 0) refuse('invalid-request', { message: `parentDocuments: ${DOCUMENT_MESSAGES.selectDocument}` });
      const { files } = await recordUpload(ctx, run, {
        uploadId,
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
    const { files } = await recordUpload(ctx, run, { uploadId, kind: 'child', files: [{ staged: main, role: 'main' }], uploads, actor: req.auth! });
    res.json({
      message: DOCUMENT_MESSAGES.uploadedServer,
      uploadChildDocumentFileId: uploadId,
      fileDetails: files.map(({ fileId, docName, size, sha256, role }) => ({ fileId, docName, size, sha256, role })),
    });
  });

  router.post('/document/addDocumentListData', loggedIn, async (req, res) => {
    const request = parseBody(AddDocumentListData, req.body);
    await answerChangeOrderCommand(ctx, req, res, async (run) => {
      const { parentChangeId, documentId } = await createChangeOrder(ctx, run, { request, actor: req.auth! });
      return { message: DOCUMENT_MESSAGES.addedWithId(documentId), parentChangeId, extra: { parentChangeId, documentId } };
    });
  });

  router.put('/document/updateParent', loggedIn, parentFiles, async (req, res) => {
    const { parentChangeId, username, password, comments, ...fields } = parseBody(UpdateParentFields, req.body ?? {});
    await answerChangeOrderCommand(ctx, req, res, async (run) => {
      await updateParent(ctx, run, {
        parentChangeId,
        details: givenParentDetailsOf(fields),
        logo: req.uploads!.single('parentLogo'),
        newFiles: req.uploads!.files('parentDocuments'),
        uploads: req.uploads!,
        credentials: { username, password },
        comments,
        actor: req.auth!,
        seenVersion: ifMatch(req),
      });
      return { message: DOCUMENT_MESSAGES.updated, parentChangeId };
    });
  });

  router.put('/document/updateSingleChildDocument', loggedIn, childFile, async (req, res) => {
    const input = parseBody(UpdateChildFields, req.body ?? {});
    const common = {
      details: childDetailsOf(input),
      file: req.uploads!.single('childMainDocument'),
      uploads: req.uploads!,
      credentials: { username: input.username, password: input.password },
      comments: input.comments,
      actor: req.auth!,
      seenVersion: ifMatch(req),
    };
    if (input.documentParentChangeId) {
      const parentChangeId = input.documentParentChangeId;
      await answerChangeOrderCommand(ctx, req, res, async (run) => {
        await addChild(ctx, run, { ...common, parentChangeId });
        return { message: DOCUMENT_MESSAGES.childAdded, parentChangeId };
      });
      return;
    }
    const holder = await changeOrderHoldingChild(input.childDocumentId!);
    await answerChangeOrderCommand(ctx, req, res, async (run) => {
      await updateChild(ctx, run, { ...common, parentChangeId: holder.parentChangeId, childDocumentId: input.childDocumentId! });
      return { message: DOCUMENT_MESSAGES.childUpdated, parentChangeId: holder.parentChangeId };
    });
  });

  router.post('/document/addFilesToParent', loggedIn, supportingFiles, async (req, res) => {
    const input = parseBody(AddFilesToParentFields, req.body ?? {});
    await answerChangeOrderCommand(ctx, req, res, async (run) => {
      await addFilesToParent(ctx, run, {
        parentChangeId: input.documentParentChangeId,
        newFiles: req.uploads!.files('parentDocuments'),
        uploads: req.uploads!,
        credentials: { username: input.username, password: input.password },
        comments: input.comments,
        actor: req.auth!,
        seenVersion: ifMatch(req),
      });
      return { message: DOCUMENT_MESSAGES.uploaded, parentChangeId: input.documentParentChangeId };
    });
  });

  router.delete('/document/deleteParentFileById', loggedIn, async (req, res) => {
    const input = parseBody(DeleteParentFileRequest, req.body);
    await answerChangeOrderCommand(ctx, req, res, async (run) => {
      await deleteSupportingFile(ctx, run, {
        parentChangeId: input.documentParentChangeId,
        fileId: input.fileId,
        credentials: { username: input.username, password: input.password },
        actor: req.auth!,
        seenVersion: ifMatch(req),
      });
      return { message: DOCUMENT_MESSAGES.updated, parentChangeId: input.documentParentChangeId };
    });
  });

  router.delete('/document/deleteChildDoc', loggedIn, async (req, res) => {
    const input = parseBody(DeleteChildDocRequest, req.body);
    const holder = await changeOrderHoldingChild(input.childDocumentId);
    await answerChangeOrderCommand(ctx, req, res, async (run) => {
      await deactivateChild(ctx, run, {
        parentChangeId: holder.parentChangeId,
        childDocumentId: input.childDocumentId,
        credentials: { username: input.username, password: input.password },
        actor: req.auth!,
        seenVersion: ifMatch(req),
        reason: input.reason,
      });
      return { message: DOCUMENT_MESSAGES.updated, parentChangeId: holder.parentChangeId };
    });
  });

  // The change order leaves every list: the answer is the message alone.
  router.delete('/document/deleteParentChange', loggedIn, async (req, res) => {
    const input = parseBody(DeleteParentChangeRequest, req.body);
    await runCommand(ctx, req, READ_MODELS, (run) =>
      deactivateChangeOrder(ctx, run, {
        parentChangeId: input.documentParentChangeId,
        credentials: { username: input.username, password: input.password },
        actor: req.auth!,
        seenVersion: ifMatch(req),
      }),
    );
    res.json({ message: DOCUMENT_MESSAGES.updated });
  });

  return router;
}
