import { DOCUMENT_MESSAGES } from '@ifu/contracts';
import type { ChangeOrderResponse, ChangeOrderView as ChangeOrder, ChildDocumentView, DocumentFileView, DocumentVersion, Signature } from '@ifu/contracts';
import ArrowBack from '@mui/icons-material/ArrowBack';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ExpandMore from '@mui/icons-material/ExpandMore';
import NoteAddOutlined from '@mui/icons-material/NoteAddOutlined';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';

import { Facts } from '@/components/ui/facts';
import type { Fact } from '@/components/ui/facts';
import { notify } from '@/components/ui/notifications';
import { Page } from '@/components/ui/page';
import { RetryAlert } from '@/components/ui/retry-alert';
import { paths } from '@/config/paths';
import { LOGO_SIZE, LogoBox } from '@/features/customers/components/customer-logo';
import { errorMessage, failureMessage } from '@/lib/api-client';
import { useSession } from '@/lib/app-state';

import type { DeactivateDocumentResult, DeactivationTarget } from '../api/deactivate-document';
import { useChangeOrder } from '../api/get-change-order';
import { DOCUMENTS_QUERY_KEY } from '../api/get-document-list';
import { useUpdateIsInternal } from '../api/update-is-internal';
import { useOpenDocumentFile } from '../api/use-open-document-file';

import { AccessibilityChip, DocumentStatusChip } from './change-order-chips';
import {
  countryListNames,
  formatEffectiveDate,
  formatUtcDateTime,
  languageListNames,
  SIGNATURE_MEANING_LABEL,
  versionChange,
} from './change-order-format';
import { DeactivateDocumentDialog } from './deactivate-document-dialog';
import { FileLink } from './file-link';
import { LabelPanel } from './label-panel';
import type { Decision } from './document-approval-values';
import { DocumentApproveDialog } from './document-approve-dialog';
import { DecisionButtons } from './decision-buttons';
import { revisionFacts, ReviseButton } from './revision-links';

const docs = paths.app.documents;

/** Keeps an id such as CO-2026-00042 on one line (a hyphen is otherwise a place to break). */
const Nowrap = ({ children }: { children: ReactNode }) => (
  <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
    {children}
  </Box>
);

const SectionTitle = ({ id, level = 'h3', children }: { id: string; level?: 'h3' | 'h4'; children: ReactNode }) => (
  <Typography id={id} variant="subtitle1" component={level} sx={{ fontWeight: 700, mb: 1 }}>
    {children}
  </Typography>
);

/** The electronic signatures on a record: printed name (and email), date and time in UTC, meaning. */
const SignatureList = ({ signatures, testId }: { signatures: readonly Signature[]; testId: string }) =>
  signatures.length === 0 ? (
    <Typography variant="body2" color="textSecondary">
      No signatures
    </Typography>
  ) : (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }} data-testid={testId}>
      {signatures.map((signature, index) => (
        <Box
          component="li"
          key={`${signature.signedAt}-${index}`}
          data-testid="signature"
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1.4fr)' },
            columnGap: 2,
            py: 0.75,
            borderTop: index === 0 ? 0 : 1,
            borderColor: 'divider',
          }}
        >
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            <Box component="span" sx={{ fontWeight: 600 }} data-testid="signature-name">
              {signature.name}
            </Box>{' '}
            <Box component="span" sx={{ color: 'text.secondary' }}>
              ({signature.email})
            </Box>
          </Typography>
          <Typography variant="body2" data-testid="signature-meaning">
            {SIGNATURE_MEANING_LABEL[signature.meaning]}
          </Typography>
          <Typography variant="body2" color="textSecondary" data-testid="signature-time">
            {formatUtcDateTime(signature.signedAt)}
          </Typography>
        </Box>
      ))}
    </Box>
  );


/** Spec §4, §9: a successful approval refreshes the page after 2 seconds. */
/** The view's Safety revision line (issue 20): No, or Yes with how many readers were told and opened the new version. */
export const safetyRevisionText = (changeOrder: Pick<ChangeOrder, 'safetyRevision' | 'safetyNotices'>): string => {
  if (!changeOrder.safetyRevision) return 'No';
  const notices = changeOrder.safetyNotices ?? { notified: 0, opened: 0 };
  return `Safety revision: ${notices.notified} ${notices.notified === 1 ? 'reader' : 'readers'} notified, ${notices.opened} opened the new version`;
};

export const APPROVAL_REFRESH_MS = 2_000;

/**
 * The assigned approver's Approve and Reject (spec §2.12, §4): disabled until every supporting file and child document
 * has been opened; until then the files still to open are named.
 */
const ApprovalPanel = ({ unopened, onDecide }: { unopened: ChangeOrder['unopened']; onDecide: (decision: Decision) => void }) => {
  const waiting = unopened.length > 0;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="approval-title" sx={{ p: { xs: 2, sm: 3 } }} data-testid="approval-panel">
      <Typography id="approval-title" variant="h6" component="h2" sx={{ fontWeight: 600, mb: 1.5 }}>
        Approval
      </Typography>
      {waiting ? (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="open-every-file">
          {DOCUMENT_MESSAGES.openEveryFile}:
          <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
            {unopened.map((file) => (
              <Box component="li" key={file.fileId} sx={{ overflowWrap: 'anywhere' }} data-testid="unopened-file">
                {file.docName}
              </Box>
            ))}
          </Box>
        </Alert>
      ) : null}
      <Stack direction="row" spacing={1.5}>
        <DecisionButtons disabled={waiting} onDecide={onDecide} />
      </Stack>
    </Paper>
  );
};

/**
 * An ADMIN's Online/Offline switch on a decided change order (spec §4): it updates at once and the page reloads.
 */
const AccessibilitySwitch = ({ parentChangeId, isInternal }: { parentChangeId: string; isInternal: boolean }) => {
  const update = useUpdateIsInternal({
    mutationConfig: {
      onSuccess: () => window.location.reload(),
      onError: (error) => notify('error', failureMessage(DOCUMENT_MESSAGES.editFailed, error)),
    },
  });
  const online = update.isPending ? update.variables.isInternal === false : !isInternal;
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <AccessibilityChip isInternal={!online} />
      <Switch
        checked={online}
        disabled={update.isPending}
        onChange={(_event, checked) => update.mutate({ parentDocumentChangeId: parentChangeId, isInternal: !checked })}
        slotProps={{ input: { 'aria-label': 'Online' } }}
        data-testid="accessibility-switch"
      />
    </Stack>
  );
};

/** Earlier approved versions of a child, newest first: each with its dates and what changed from it to the next. */
const VersionList = ({ versions, labelledBy }: { versions: readonly DocumentVersion[]; labelledBy: string }) => (
  <Box component="ul" aria-labelledby={labelledBy} sx={{ m: 0, p: 0, listStyle: 'none' }} data-testid="child-versions">
    {versions.map((version, index) => (
      <Box
        component="li"
        key={version.childDocumentId}
        data-testid="child-version"
        sx={{ py: 1, borderTop: index === 0 ? 0 : 1, borderColor: 'divider' }}
      >
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          <Link component={RouterLink} to={docs.view.getHref(version.parentChangeId)} sx={{ fontWeight: 600 }} data-testid="version-number">
            {version.documentNumber}
          </Link>
        </Typography>
        <Typography variant="body2" color="textSecondary" data-testid="version-dates">
          Published {formatEffectiveDate(version.effectiveDate)}
          {version.obsoleteDate ? ` · Obsolete ${formatEffectiveDate(version.obsoleteDate)}` : ''}
        </Typography>
        {version.changes.length > 0 ? (
          <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }} data-testid="version-changes">
            {version.changes.map((change) => {
              const shown = versionChange(change);
              return (
                <Typography component="li" variant="body2" key={change.field} sx={{ overflowWrap: 'anywhere' }} data-testid="version-change">
                  <Box component="span" sx={{ fontWeight: 600 }}>
                    {shown.label}
                  </Box>
                  : {shown.old || '—'} → {shown.new || '—'}
                </Typography>
              );
            })}
          </Box>
        ) : null}
      </Box>
    ))}
  </Box>
);

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
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading the document" />
        </Box>
      )}
    </Page>
  );
};

const ChangeOrderDetails = ({ changeOrder, back }: { changeOrder: ChangeOrder; back: ReactNode }) => {
  const navigate = useNavigate();
  const session = useSession();
  const queryClient = useQueryClient();
  const [deactivation, setDeactivation] = useState<Deactivation>();
  const [decision, setDecision] = useState<Decision>();
  // Decided here: Approve and Reject go at once; the page itself refreshes 2 seconds later (spec §4).
  const [decided, setDecided] = useState(false);
  const refresh = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(refresh.current), []);
  const { editable, parentChangeId, documentId } = changeOrder;
  const isAdmin = session?.role === 'ADMIN';

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
        isAdmin && !editable ? (
          <AccessibilitySwitch parentChangeId={parentChangeId} isInternal={changeOrder.isInternal} />
        ) : (
          <AccessibilityChip isInternal={changeOrder.isInternal} />
        ),
      testId: 'view-accessibility',
    },
    { label: 'Effective Date', value: formatEffectiveDate(changeOrder.effectiveDate), testId: 'view-effective-date' },
    { label: 'Status', value: <DocumentStatusChip status={changeOrder.status} />, testId: 'view-status' },
    { label: 'Approver', value: changeOrder.approver?.email ?? '', testId: 'view-approver' },
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
        </Box>
      </Stack>

      {deactivation ? (
        <DeactivateDocumentDialog
          target={deactivation.target}
          subject={deactivation.subject}
          version={changeOrder.version}
          onDeactivated={onDeactivated}
          onClose={() => setDeactivation(undefined)}
        />
      ) : null}
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

/** Where the child's PDF text is for the searches (issue 19): said while it is indexed, and when it could not be. */
const TEXT_INDEXING_NOTES: Record<NonNullable<ChildDocumentView['textIndexing']>, { severity: 'info' | 'warning'; text: string } | null> = {
  pending: { severity: 'info', text: 'Text being indexed: searches will find this document by the words in its PDF once that is done.' },
  indexed: null,
  partial: { severity: 'info', text: 'Only the first part of this PDF’s text is searchable: the rest is beyond the text extraction’s limits.' },
  failed: { severity: 'warning', text: 'The text of this PDF could not be extracted: searches find this document by its fields, not by the words in its PDF.' },
};

const TextIndexingNote = ({ state }: { state: ChildDocumentView['textIndexing'] }) => {
  const note = state ? TEXT_INDEXING_NOTES[state] : null;
  if (!note) return null;
  return (
    <Alert severity={note.severity} sx={{ mb: 1.5 }} data-testid="child-text-indexing" data-state={state}>
      {note.text}
    </Alert>
  );
};

type ChildAccordionProps = { child: ChildDocumentView; editable: boolean; approved: boolean; onDeactivate: () => void };

/** One child document: its fields, its file and its signatures; edit and deactivate while the change order is editable. */
const ChildAccordion = ({ child, editable, approved, onDeactivate }: ChildAccordionProps) => {
  const open = useOpenDocumentFile();
  const summaryId = `child-${child.childDocumentId}-summary`;
  const facts: Fact[] = [
    { label: 'Child Document Number', value: child.documentNumber, testId: 'child-document-number' },
    { label: 'Lot Number', value: child.associatedReferenceNumber, testId: 'child-lot-number' },
    { label: 'Part Number', value: child.productSubFamilyNameOne, testId: 'child-part-number' },
    { label: 'Bill of Material', value: child.billMaterialInformation, testId: 'child-bill-of-material' },
    { label: 'Keywords', value: child.keywords, testId: 'child-keywords' },
    { label: 'Country', value: countryListNames(child.countryList), testId: 'child-country' },
    { label: 'Language', value: languageListNames(child.languageList), testId: 'child-language' },
    { label: 'Description of Change', value: child.changeDescription, testId: 'child-change-description' },
    { label: 'Justification of Change', value: child.changeJustification, testId: 'child-change-justification' },
    { label: 'Comments', value: child.comments, testId: 'child-comments' },
    ...(child.gtin ? [{ label: 'GTIN', value: child.gtin, testId: 'child-gtin' }] : []),
    ...(child.additionalLots ? [{ label: 'Further lots', value: child.additionalLots.replaceAll(',', ', '), testId: 'child-additional-lots' }] : []),
    ...(child.serialRanges ? [{ label: 'Serial numbers', value: child.serialRanges.replaceAll(',', ', '), testId: 'child-serial-ranges' }] : []),
    {
      label: 'File',
      value: (
        <FileLink id={child.childDocumentId} name={child.docName} opened={child.opened} testId="child-file" />
      ),
      testId: 'child-file-cell',
    },
  ];

  return (
    <Accordion
      defaultExpanded
      disableGutters
      variant="outlined"
      sx={{ borderRadius: 1, '&::before': { display: 'none' } }}
      data-testid="child-document" data-child-id={child.childDocumentId}>
      <AccordionSummary expandIcon={<ExpandMore />} id={summaryId} aria-controls={`child-${child.childDocumentId}-details`}>
        <Box sx={{ minWidth: 0 }}>
          {/* The accordion puts its summary in an h3 of its own. */}
          <Typography component="span" variant="subtitle1" sx={{ display: 'block', fontWeight: 600, overflowWrap: 'anywhere' }}>
            {child.documentNumber}
            {child.archived ? (
              <Chip size="small" label="Archived" variant="outlined" sx={{ ml: 1, verticalAlign: 'middle' }} data-testid="child-archived" />
            ) : null}
          </Typography>
          <Typography component="span" variant="body2" color="textSecondary" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
            Lot Number {child.associatedReferenceNumber} · Part Number {child.productSubFamilyNameOne}
          </Typography>
        </Box>
      </AccordionSummary>
      <AccordionDetails id={`child-${child.childDocumentId}-details`} sx={{ pt: 0 }}>
        {child.supersededBy ? (
          <Alert severity="info" sx={{ mb: 1.5 }} data-testid="child-superseded">
            Superseded by{' '}
            <Link component={RouterLink} to={docs.view.getHref(child.supersededBy.parentChangeId)}>
              <Nowrap>{child.supersededBy.documentNumber}</Nowrap>
            </Link>{' '}
            from {formatEffectiveDate(child.supersededBy.effectiveDate)}
          </Alert>
        ) : null}
        <TextIndexingNote state={child.textIndexing} />
        {approved ? (
          <Stack direction="row" sx={{ justifyContent: 'flex-end', mb: 1 }}>
            <Button
              size="small"
              startIcon={<DownloadOutlined />}
              onClick={() => void open(child.childDocumentId, 'manifest')}
              aria-label={`Download with signatures ${child.documentNumber}`}
              data-testid="child-manifest"
            >
              Download with signatures
            </Button>
          </Stack>
        ) : null}
        {editable ? (
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mb: 1 }}>
            <Button
              component={RouterLink}
              to={docs.editChild.getHref(child.childDocumentId)}
              size="small"
              startIcon={<EditOutlined />}
              aria-label={`Edit child document ${child.documentNumber}`}
            >
              Edit
            </Button>
            <Button
              size="small"
              color="error"
              startIcon={<DeleteOutline />}
              aria-label={`Deactivate child document ${child.documentNumber}`}
              onClick={onDeactivate}
            >
              Deactivate
            </Button>
          </Stack>
        ) : null}
        <Facts items={facts} labelWidth={200} keepLineBreaks />
        <Divider sx={{ my: 2 }} />
        <SectionTitle id={`child-${child.childDocumentId}-label`} level="h4">Label</SectionTitle>
        <LabelPanel child={child} />
        <Divider sx={{ my: 2 }} />
        <SectionTitle id={`child-${child.childDocumentId}-signatures`} level="h4">Signatures</SectionTitle>
        <SignatureList signatures={child.signatures} testId="child-signatures" />
        {child.versions.length > 0 ? (
          <>
            <Divider sx={{ my: 2 }} />
            <SectionTitle id={`child-${child.childDocumentId}-versions`} level="h4">
              Earlier versions
            </SectionTitle>
            <VersionList versions={child.versions} labelledBy={`child-${child.childDocumentId}-versions`} />
          </>
        ) : null}
      </AccordionDetails>
    </Accordion>
  );
};
