import { DOCUMENT_MESSAGES, PERIODIC_REVIEW_MESSAGES } from '@ifu/contracts';
import type { ChangeOrderResponse, DocumentListItem } from '@ifu/contracts';
import NoteAddOutlined from '@mui/icons-material/NoteAddOutlined';
import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';

import { notify } from '@/components/ui/notifications';
import { Page } from '@/components/ui/page';
import { useSpecGridState } from '@/components/ui/spec-data-grid';
import { RetryAlert } from '@/components/ui/retry-alert';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/app-state';

import { DOCUMENTS_QUERY_KEY, useDocumentList, type DocumentListTab } from '../api/get-document-list';

import { DocumentsTable } from './documents-table';
import { DocumentDetailDialog } from './document-detail-dialog';
import { ListApprovalDialog } from './list-approval-dialog';

/** Spec §2.7: 'Documents' holds only the change orders pending approval, 'All Documents' every one. */
const TABS: ReadonlyArray<{ value: DocumentListTab; label: string }> = [
  { value: 'pending', label: 'Documents' },
  { value: 'all', label: 'All Documents' },
];

const tabOf = (value: string | null): DocumentListTab => (value === 'all' ? 'all' : 'pending');

/**
 * The documents list (spec §2.7): the two tabs, the grid, Search Document and Add Document. The tab is kept in the
 * address (`?tab=all`), so coming back from a document shows the tab it was opened from.
 */
export const DocumentsList = () => {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = tabOf(searchParams.get('tab'));
  // The All Documents tab filters on the server to the change orders whose periodic review is overdue.
  const overdueOnly = tab === 'all' && searchParams.get('review') === 'overdue';

  return (
    <Page
      title="Documents"
      actions={
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button component={RouterLink} to={paths.app.documents.search.getHref()} variant="outlined" startIcon={<Search />}>
            Search Document
          </Button>
          <Button component={RouterLink} to={paths.app.documents.add.getHref()} variant="contained" startIcon={<NoteAddOutlined />}>
            Add Document
          </Button>
        </Stack>
      }
    >
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Box sx={{ borderBottom: 1, borderColor: 'divider', px: { xs: 0, sm: 1 } }}>
          <Tabs
            value={tab}
            onChange={(_event, value: DocumentListTab) => setSearchParams(value === 'all' ? { tab: 'all' } : {}, { replace: true })}
            aria-label="Documents"
            variant="fullWidth"
            sx={{ maxWidth: 420 }}
          >
            {TABS.map(({ value, label }) => (
              <Tab key={value} value={value} label={label} data-testid={`documents-tab-${value}`} />
            ))}
          </Tabs>
        </Box>
        {tab === 'all' ? (
          <Box sx={{ px: 2, pt: 1 }}>
            <FormControlLabel
              control={
                <Checkbox
                  checked={overdueOnly}
                  onChange={(_event, checked) => setSearchParams(checked ? { tab: 'all', review: 'overdue' } : { tab: 'all' }, { replace: true })}
                  slotProps={{ input: { 'data-testid': 'review-overdue-filter' } as object }}
                />
              }
              label={PERIODIC_REVIEW_MESSAGES.reviewOverdue}
            />
          </Box>
        ) : null}
        <DocumentsTabList key={`${tab}-${overdueOnly}`} tab={tab} overdueOnly={overdueOnly} />
      </Paper>
    </Page>
  );
};

/** One tab's list: its own page, sort and search, asked of the server. */
const DocumentsTabList = ({ tab, overdueOnly }: { tab: DocumentListTab; overdueOnly: boolean }) => {
  const session = useSession();
  const queryClient = useQueryClient();
  const [approving, setApproving] = useState<string>();
  const onApprove = useCallback((row: DocumentListItem) => setApproving(row.parentChangeId), []);
  const [details, setDetails] = useState<DocumentListItem>();
  const onDetails = useCallback((row: DocumentListItem) => setDetails(row), []);
  const onDecided = (response: ChangeOrderResponse) => {
    setApproving(undefined);
    notify('success', response.message);
    void queryClient.invalidateQueries({ queryKey: DOCUMENTS_QUERY_KEY });
  };
  const state = useSpecGridState();
  const documents = useDocumentList({ params: { ...state.params, tab, ...(overdueOnly ? { review: 'overdue' as const } : {}) } });
  const { isError, errorUpdatedAt } = documents;

  // Spec §8: a failed list is said in a toast (once per failure), and the grid's place offers to try again.
  useEffect(() => {
    if (isError) notify('error', DOCUMENT_MESSAGES.listFailed);
  }, [isError, errorUpdatedAt]);

  if (documents.isError) {
    return (
      <RetryAlert sx={{ m: 2 }} onRetry={() => void documents.refetch()}>
        {DOCUMENT_MESSAGES.listFailed} {errorMessage(documents.error)}
      </RetryAlert>
    );
  }
  return (
    <>
      <DocumentsTable
        rows={documents.data?.data.list ?? []}
        rowCount={documents.data?.data.total ?? 0}
        state={state}
        loading={documents.isFetching}
        onApprove={onApprove}
        onDetails={onDetails}
      />
      {details ? (
        <DocumentDetailDialog parentChangeId={details.parentChangeId} documentId={details.documentId} onClose={() => setDetails(undefined)} />
      ) : null}
      {approving && session ? (
        <ListApprovalDialog
          parentChangeId={approving}
          approverId={session.id}
          onDecided={onDecided}
          onClose={() => setApproving(undefined)}
        />
      ) : null}
    </>
  );
};
