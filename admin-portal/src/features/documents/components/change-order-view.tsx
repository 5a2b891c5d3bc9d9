import type { ChangeOrderResponse, ChangeOrderView as ChangeOrder, DocumentFileView } from '@ifu/contracts';
import { DOCUMENT_MESSAGES, REASSIGN_MESSAGES } from '@ifu/contracts';
import ArrowBack from '@mui/icons-material/ArrowBack';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import NoteAddOutlined from '@mui/icons-material/NoteAddOutlined';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';

import { ApproverEditedAlert } from '@/components/ui/approver-edited-alert';
import { Facts } from '@/components/ui/facts';
import type { Fact } from '@/components/ui/facts';
import { LOGO_SIZE, LogoBox } from '@/components/ui/logo-box';
import { notify } from '@/components/ui/notifications';
import { Page } from '@/components/ui/page';
import { ReassignApproverDialog } from '@/components/ui/reassign-approver-dialog';
import { RetryAlert } from '@/components/ui/retry-alert';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { assignedApproverText } from '@/lib/approvers';
import { useSession } from '@/lib/app-state';

import type { DeactivateDocumentResult, DeactivationTarget } from '../api/deactivate-document';
import { useChangeOrder } from '../api/get-change-order';
import { DOCUMENTS_QUERY_KEY } from '../api/get-document-list';
import { useReassignApprover, useReassignCandidates } from '../api/reassign-approver';

import { AccessibilitySwitch } from './accessibility-switch';
import { ApprovalPanel } from './approval-panel';
import { AccessibilityChip, DocumentStatusChip } from './change-order-chips';
import { formatEffectiveDate } from './change-order-format';
import { ChildAccordion, DeactivatedChildren } from './child-accordion';
import { DeactivateDocumentDialog } from './deactivate-document-dialog';
import type { Decision } from './document-approval-values';
import { DocumentApproveDialog } from './document-approve-dialog';
import { PeriodicReviewFact } from './periodic-review';
import { FileLink } from './file-link';
import { SignatureList } from './signature-list';
import { Nowrap, SectionTitle } from './view-parts';
import { revisionFacts, ReviseButton } from './revision-links';

const docs = paths.app.documents;

/** The view's Safety revision line: No, or Yes with how many readers were told and opened the new version. */
export const safetyRevisionText = (changeOrder: Pick<ChangeOrder, 'safetyRevision' | 'safetyNotices'>): string => {
  if (!changeOrder.safetyRevision) return 'No';
  const notices = changeOrder.safetyNotices ?? { notified: 0, opened: 0 };
  return `Safety revision: ${notices.notified} ${notices.notified === 1 ? 'reader' : 'readers'} notified, ${notices.opened} opened the new version`;
};

/** Spec §4, §9: a successful approval refreshes the page after 2 seconds. */
export const APPROVAL_REFRESH_MS = 2_000;

type Deactivation = { target: DeactivationTarget; subject: ReactNode };

/**
 * Document view (spec §2.12, without the approval): the change order (parent) with its signatures, supporting files
 * and logo, and its child documents in an accordion. While it awaits approval (`editable`) it offers Add New Child,
 * edit of the parent and of each child, and deactivation of a child or of the whole change order, each signed in the
 * Deactivate modal; once decided none of these is shown (spec §4).
 */
export const ChangeOrderPage = ({ id }: { id: string }) => {
  const changeOrder = useChangeOrder({ id });
  const { isError, errorUpdatedAt } = changeOrder;

  useEffect(() => {
    if (isError) notify('error', DOCUMENT_MESSAGES.fetchFailed);
  }, [isError, errorUpdatedAt]);

  const back = (
    <Button component={RouterLink} to={docs.list.getHref()} variant="outlined" startIcon={<ArrowBack />}>
      Back
    </Button>
  );

  if (changeOrder.data) return <ChangeOrderDetails changeOrder={changeOrder.data} back={back} />;
  return (
    <Page title="View Document" actions={back}>
      {changeOrder.isError ? (
        <RetryAlert onRetry={() => void changeOrder.refetch()}>
          {DOCUMENT_MESSAGES.fetchFailed} {errorMessage(changeOrder.error)}
        </RetryAlert>
      ) : (
        <ChangeOrderSkeleton />
      )}
    </Page>
  );
};

/** The view while its change order loads: the shape of the page in grey, not an empty page. */
const ChangeOrderSkeleton = () => (
  <Stack spacing={3} role="status" aria-label="Loading the document" aria-busy="true" data-testid="change-order-skeleton">
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Skeleton variant="text" width="40%" height={36} sx={{ mb: 1.5 }} />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: `minmax(0, 1fr) ${LOGO_SIZE}px` }, gap: 3 }}>
        <Stack spacing={1.25}>
          {Array.from({ length: 8 }, (_, index) => (
            <Skeleton key={index} variant="text" width={`${60 + ((index * 17) % 35)}%`} />
          ))}
        </Stack>
        <Skeleton variant="rounded" width={LOGO_SIZE} height={LOGO_SIZE} sx={{ order: { xs: -1, md: 0 } }} />
      </Box>
    </Paper>
    <Skeleton variant="rounded" height={56} />
  </Stack>
);

const ChangeOrderDetails = ({ changeOrder, back }: { changeOrder: ChangeOrder; back: ReactNode }) => {
  const navigate = useNavigate();
  const session = useSession();
  const queryClient = useQueryClient();
  const [deactivation, setDeactivation] = useState<Deactivation>();
  const [decision, setDecision] = useState<Decision>();
  // Decided here: Approve and Reject go at once; the page itself refreshes 2 seconds later (spec §4).
  const [decided, setDecided] = useState(false);
  const [reassigning, setReassigning] = useState(false);
  const refresh = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(refresh.current), []);
  const { editable, parentChangeId, documentId } = changeOrder;

  const onDecided = (response: ChangeOrderResponse) => {
    setDecision(undefined);
    setDecided(true);
    notify('success', response.message);
    refresh.current = setTimeout(() => void queryClient.invalidateQueries({ queryKey: DOCUMENTS_QUERY_KEY }), APPROVAL_REFRESH_MS);
  };

  const onDeactivated = (result: DeactivateDocumentResult) => {
    setDeactivation(undefined);
    notify('success', result.response.message);
    // The change order is gone: back to the list (spec §2.12).
    if (result.kind === 'parent') void navigate(docs.list.getHref());
  };

  const facts: Fact[] = [
    { label: 'Document ID / ChangeOrder No.', value: documentId, testId: 'view-document-id' },
    { label: 'Product Name', value: changeOrder.productFamilyName, testId: 'view-product-name' },
    { label: 'Customer', value: changeOrder.customerName, testId: 'view-customer' },
    { label: 'Change Type', value: changeOrder.changeType, testId: 'view-change-type' },
    {
      label: 'Accessibility',
      value:
        // Offered exactly when the server would take the switch (an ADMIN now, the change order decided).
        changeOrder.maySwitchAccessibility ? (
          <AccessibilitySwitch changeOrder={changeOrder} />
        ) : (
          <AccessibilityChip isInternal={changeOrder.isInternal} />
        ),
      testId: 'view-accessibility',
    },
    { label: 'Effective Date', value: formatEffectiveDate(changeOrder.effectiveDate), testId: 'view-effective-date' },
    { label: 'Status', value: <DocumentStatusChip status={changeOrder.status} />, testId: 'view-status' },
    // An approved change order's periodic review (EU GMP Annex 11 §11).
    ...(changeOrder.status === 'APPROVED' ? [{ label: 'Review date', value: <PeriodicReviewFact changeOrder={changeOrder} />, testId: 'view-review-date' }] : []),
    { label: 'Approver', value: assignedApproverText(changeOrder.approver?.email ?? '', changeOrder.delegatedFrom), testId: 'view-approver' },
  ];
  if (changeOrder.reason) {
    const label = changeOrder.status === 'REJECTED' ? 'Reason of Rejection' : 'Reason of Approval';
    facts.push({ label, value: changeOrder.reason, testId: 'view-reason' });
  }
  facts.push(
    { label: 'Description of Change', value: changeOrder.changeDescription, testId: 'view-change-description' },
    { label: 'Justification of Change', value: changeOrder.changeJustification, testId: 'view-change-justification' },
  );
  if (changeOrder.productFamilyDescription && changeOrder.productFamilyDescription !== changeOrder.changeDescription) {
    facts.push({ label: 'Product Description', value: changeOrder.productFamilyDescription, testId: 'view-product-description' });
  }
  facts.push(
    { label: 'Comments', value: changeOrder.comments, testId: 'view-comments' },
    ...(changeOrder.basicUdiDi ? [{ label: 'Basic UDI-DI', value: changeOrder.basicUdiDi, testId: 'view-basic-udi-di' }] : []),
    { label: 'Safety revision', value: safetyRevisionText(changeOrder), testId: 'view-safety-revision' },
    { label: 'Approval Routing Number', value: changeOrder.approvalRoutingNumber, testId: 'view-routing-number' },
    ...revisionFacts(changeOrder),
  );

  return (
    <Page
      title="View Document"
      actions={
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {back}
          <ReviseButton changeOrder={changeOrder} />
          {changeOrder.mayReassign ? (
            <Button variant="outlined" startIcon={<SwapHoriz />} onClick={() => setReassigning(true)} data-testid="reassign-approver">
              {REASSIGN_MESSAGES.action}
            </Button>
          ) : null}
          {editable ? (
            <Button component={RouterLink} to={docs.addChild.getHref(parentChangeId)} variant="contained" startIcon={<NoteAddOutlined />}>
              Add New Child
            </Button>
          ) : null}
        </Stack>
      }
    >
      <Stack spacing={3}>
        {changeOrder.mayDecide && !decided && session ? (
          <ApprovalPanel unopened={changeOrder.unopened} onDecide={setDecision} />
        ) : null}
        {changeOrder.approverIsAuthor ? <ApproverEditedAlert mayReassign={changeOrder.mayReassign === true} /> : null}
        <Paper variant="outlined" component="section" aria-labelledby="change-order-title" sx={{ p: { xs: 2, sm: 3 } }} data-testid="change-order">
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
            <Typography id="change-order-title" variant="h6" component="h2" sx={{ fontWeight: 600, flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
              Change Order <Nowrap>{documentId}</Nowrap>
            </Typography>
            {editable ? (
              <>
                <IconButton
                  component={RouterLink}
                  to={docs.editParent.getHref(parentChangeId)}
                  aria-label={`Edit change order ${documentId}`}
                  title="Edit"
                >
                  <EditOutlined />
                </IconButton>
                <IconButton
                  aria-label={`Deactivate change order ${documentId}`}
                  title="Deactivate"
                  onClick={() =>
                    setDeactivation({
                      target: { kind: 'parent', parentChangeId },
                      subject: (
                        <>
                          change order <Nowrap>{documentId}</Nowrap> and all its child documents
                        </>
                      ),
                    })
                  }
                >
                  <DeleteOutline color="error" />
                </IconButton>
              </>
            ) : null}
          </Stack>
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: `minmax(0, 1fr) ${LOGO_SIZE}px` },
              gap: 3,
              alignItems: 'start',
            }}
          >
            <Facts items={facts} labelWidth={200} keepLineBreaks />
            <Box sx={{ order: { xs: -1, md: 0 } }}>
              <LogoBox
                src={changeOrder.parentDocumentLogoUrl ?? undefined}
                alt={`Logo of ${changeOrder.productFamilyName}`}
                testId="change-order-logo"
              />
            </Box>
          </Box>

          <Divider sx={{ my: 2.5 }} />
          <Box component="section" aria-labelledby="supporting-files-title">
            <SectionTitle id="supporting-files-title">Supporting Files</SectionTitle>
            {changeOrder.parentDocumentList.length === 0 ? (
              <Typography variant="body2" color="textSecondary">
                No supporting files
              </Typography>
            ) : (
              <Stack component="ul" spacing={1} sx={{ m: 0, p: 0, listStyle: 'none' }} data-testid="supporting-files">
                {changeOrder.parentDocumentList.map((file: DocumentFileView) => (
                  <li key={file.fileId}>
                    <FileLink id={file.fileId} name={file.docName} opened={file.opened} testId="supporting-file" />
                  </li>
                ))}
              </Stack>
            )}
          </Box>

          <Divider sx={{ my: 2.5 }} />
          <Box component="section" aria-labelledby="change-order-signatures-title">
            <SectionTitle id="change-order-signatures-title">Signatures</SectionTitle>
            <SignatureList signatures={changeOrder.signatures} testId="change-order-signatures" />
          </Box>
        </Paper>

        <Box component="section" aria-labelledby="child-documents-title" data-testid="child-documents">
          <Typography id="child-documents-title" variant="h6" component="h2" sx={{ fontWeight: 600, mb: 1.5 }}>
            Child Documents ({changeOrder.children.length})
          </Typography>
          {changeOrder.children.length === 0 ? (
            <Paper variant="outlined" sx={{ p: 3 }}>
              <Typography color="textSecondary">No child documents</Typography>
            </Paper>
          ) : (
            <Stack spacing={1.5}>
              {changeOrder.children.map((child) => (
                <ChildAccordion
                  key={child.childDocumentId}
                  child={child}
                  editable={editable}
                  approved={changeOrder.status === 'APPROVED'}
                  effectiveDate={changeOrder.effectiveDate}
                  onDeactivate={() =>
                    setDeactivation({
                      target: { kind: 'child', childDocumentId: child.childDocumentId },
                      subject: (
                        <>
                          child document <Nowrap>{child.documentNumber}</Nowrap>
                        </>
                      ),
                    })
                  }
                />
              ))}
            </Stack>
          )}
          <DeactivatedChildren childDocuments={changeOrder.deactivatedChildren} />
        </Box>
      </Stack>

      {deactivation ? (
        <DeactivateDocumentDialog
          target={deactivation.target}
          subject={deactivation.subject}
          version={changeOrder.version}
          byApprover={session?.id === changeOrder.approverId}
          onDeactivated={onDeactivated}
          onClose={() => setDeactivation(undefined)}
        />
      ) : null}
      {reassigning ? <ReassignDialog changeOrder={changeOrder} onClose={() => setReassigning(false)} /> : null}
      {decision && session ? (
        <DocumentApproveDialog
          key={decision}
          decision={decision}
          changeOrder={changeOrder}
          approverId={session.id}
          onDecided={onDecided}
          onClose={() => setDecision(undefined)}
        />
      ) : null}
    </Page>
  );
};

/** "Reassign approver" for this change order: the eligible approvers, a reason and the ADMIN's signature. */
const ReassignDialog = ({ changeOrder, onClose }: { changeOrder: ChangeOrder; onClose: () => void }) => {
  const candidates = useReassignCandidates(changeOrder.parentChangeId);
  const reassign = useReassignApprover({
    mutationConfig: {
      onSuccess: (response) => {
        notify('success', response.message);
        onClose();
      },
    },
  });
  return (
    <ReassignApproverDialog
      subject={
        <>
          change order <Nowrap>{changeOrder.documentId}</Nowrap>
        </>
      }
      currentApprover={assignedApproverText(changeOrder.approver?.name || changeOrder.approver?.email || changeOrder.approverId, changeOrder.delegatedFrom)}
      candidates={candidates}
      mutation={reassign}
      variables={(approverId, { username, password, reason }) => ({
        parentChangeId: changeOrder.parentChangeId,
        approverId,
        reason,
        username,
        password,
        version: changeOrder.version,
      })}
      onClose={onClose}
    />
  );
};
