import { DOCUMENT_MESSAGES } from '@ifu/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

import { notify } from '@/components/ui/notifications';
import { Page } from '@/components/ui/page';
import { RetryAlert } from '@/components/ui/retry-alert';
import { errorMessage } from '@/lib/api-client';

import { useSearchDocuments } from '../api/search-documents';

import { DocumentSearchForm } from './document-search-form';
import { sameSearch, searchParamsOf, searchRequestFromParams, searchRequestOf, type SearchFormValues } from './search-criteria';
import { resultCountText } from './search-format';
import { SearchResultsTable } from './search-results-table';

/**
 * Internal document search (spec §2.8, /document/search): the form, then the documents found. The search submitted
 * is kept in the address, so Back from a document shows its results again; Submit asks the server every time, and
 * each answer starts a new grid.
 */
export const DocumentSearch = () => {
  const [searchParams, setSearchParams] = useSearchParams();
  const shown = useMemo(() => searchRequestFromParams(searchParams), [searchParams]);
  const search = useSearchDocuments({ request: shown });
  const { isError, errorUpdatedAt } = search;

  // Spec §8: a failed search says the server's message in a toast, once per failure.
  useEffect(() => {
    if (isError) notify('error', errorMessage(search.error));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per failure
  }, [isError, errorUpdatedAt]);

  const onSearch = (values: SearchFormValues) => {
    const request = searchRequestOf(values);
    if (sameSearch(request, shown)) void search.refetch();
    else setSearchParams(searchParamsOf(request));
  };

  const list = search.data?.data.list;
  let results;
  if (search.isError) {
    results = (
      <RetryAlert sx={{ m: 2 }} onRetry={() => void search.refetch()}>
        {errorMessage(search.error)}
      </RetryAlert>
    );
  } else if (!list) {
    results = (
      <Box sx={{ p: 3 }}>
        <LinearProgress aria-label="Searching" />
      </Box>
    );
  } else if (list.length === 0) {
    results = (
      <Alert severity="info" sx={{ m: 2 }} data-testid="search-no-data">
        {search.data?.message || DOCUMENT_MESSAGES.noDataFound}
      </Alert>
    );
  } else {
    results = <SearchResultsTable key={search.dataUpdatedAt} results={list} loading={search.isFetching} />;
  }

  return (
    <Page title="Search Document">
      <DocumentSearchForm shown={shown} onSearch={onSearch} searching={search.isFetching} />
      {shown ? (
        <Paper component="section" variant="outlined" aria-labelledby="search-results-title" sx={{ mt: 3, overflow: 'hidden' }} data-testid="search-results">
          <Box sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
            <Typography id="search-results-title" variant="h6" component="h2" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
              Search Results
            </Typography>
            <Typography variant="body2" color="textSecondary" role="status" data-testid="search-result-count">
              {list && list.length > 0 && !search.isError ? resultCountText(list.length) : ''}
            </Typography>
          </Box>
          {results}
        </Paper>
      ) : null}
    </Page>
  );
};
