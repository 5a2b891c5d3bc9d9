import type { ChildDocumentView, DeactivatedChildView } from '@ifu/contracts';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';

import { Facts } from '@/components/ui/facts';
import type { Fact } from '@/components/ui/facts';
import { paths } from '@/config/paths';

import { useOpenDocumentFile } from '../api/use-open-document-file';

import { countryListNames, formatEffectiveDate, IFU_NUMBER, languageListNames } from './change-order-format';
import { FileLink } from './file-link';
import { LabelPanel } from './label-panel';
import { SignatureList } from './signature-list';
import { VersionList } from './version-list';
import { Nowrap, SectionTitle } from './view-parts';

const docs = paths.app.documents;

/** Where the child's PDF text is for the searches: said while it is indexed, and when it could not be. */
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

type ChildAccordionProps = {
  child: ChildDocumentView;
  editable: boolean;
  approved: boolean;
  /** The change order's effective date (`YYYY-MM-DD`): the label's address answers from then, once approved. */
  effectiveDate?: string;
  onDeactivate: () => void;
};

/** One child document: its fields, its file and its signatures; edit and deactivate while the change order is editable. */
export const ChildAccordion = ({ child, editable, approved, effectiveDate, onDeactivate }: ChildAccordionProps) => {
  const open = useOpenDocumentFile();
  const summaryId = `child-${child.childDocumentId}-summary`;
  const facts: Fact[] = [
    { label: 'Child Document Number', value: child.documentNumber, testId: 'child-document-number' },
    { label: IFU_NUMBER, value: child.associatedReferenceNumber, testId: 'child-lot-number' },
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
            {IFU_NUMBER} {child.associatedReferenceNumber} · Part Number {child.productSubFamilyNameOne}
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
        <LabelPanel child={child} approved={approved} effectiveDate={effectiveDate} />
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

/**
 * The children deactivated while the change order awaited its decision: they stay on its view, marked Deactivated with
 * the day they became obsolete and the reason given, so that a reviewer sees every child the change order had. They
 * are in no list, search or approval any more (their file is not offered).
 */
export const DeactivatedChildren = ({ childDocuments }: { childDocuments: readonly DeactivatedChildView[] }) =>
  childDocuments.length === 0 ? null : (
    <Box component="section" aria-labelledby="deactivated-children-title" sx={{ mt: 2 }} data-testid="deactivated-children">
      <Typography id="deactivated-children-title" variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        Deactivated ({childDocuments.length})
      </Typography>
      <Stack spacing={1} component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {childDocuments.map((child) => (
          <Paper
            key={child.childDocumentId}
            component="li"
            variant="outlined"
            sx={{ p: 2, bgcolor: 'action.hover' }}
            data-testid="deactivated-child"
            data-child-id={child.childDocumentId}
          >
            <Typography component="p" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              <Nowrap>{child.documentNumber}</Nowrap>
              <Chip size="small" label="Deactivated" variant="outlined" sx={{ ml: 1, verticalAlign: 'middle' }} />
            </Typography>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} data-testid="deactivated-child-details">
              {IFU_NUMBER} {child.associatedReferenceNumber} · Part Number {child.productSubFamilyNameOne} · {child.docName}
            </Typography>
            <Typography variant="body2" data-testid="deactivated-child-obsolete">
              Obsolete from {child.obsoleteDate ? formatEffectiveDate(child.obsoleteDate) : 'its deactivation'}
            </Typography>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }} data-testid="deactivated-child-reason">
              Reason: {child.reason ?? 'not given'}
            </Typography>
          </Paper>
        ))}
      </Stack>
    </Box>
  );
