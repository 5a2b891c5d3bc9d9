import type { DocumentSearchResult } from '@ifu/contracts';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';

import { PAGE_SIZE_OPTIONS, PAGINATE_FROM_ROWS } from '@/components/ui/spec-data-grid';

import { DocumentNumberLink, DownloadButton, SearchStatusChip, Snippet } from './search-result-parts';

/** The grid keys its rows by `id`: a found document's is its childDocumentId. */
type ResultRow = DocumentSearchResult & { id: string };
type Column = GridColDef<ResultRow>;

const cellText = { py: 1.25, minWidth: 0, overflowWrap: 'anywhere', whiteSpace: 'normal', lineHeight: 1.45 } as const;

const download: Column = {
  field: 'download',
  headerName: 'Download',
  width: 100,
  sortable: false,
  filterable: false,
  disableColumnMenu: true,
  align: 'center',
  headerAlign: 'center',
  renderCell: ({ row }) => <DownloadButton result={row} />,
};

/**
 * Spec §2.8's columns: Document ID (a link to the document's page), Desc of document (with the snippet of where the
 * words matched under it), Keywords, ChangeOrder No., Product Name and the download icon; the status badge (Approved, Approval Pending, Archived) under the
 * document's number.
 */
const DESKTOP_COLUMNS: Column[] = [
  {
    field: 'documentNumber',
    headerName: 'Document ID',
    width: 172,
    renderCell: ({ row }) => (
      <Stack spacing={0.75} sx={{ ...cellText, alignItems: 'flex-start' }}>
        <DocumentNumberLink result={row} />
        <SearchStatusChip result={row} />
      </Stack>
    ),
  },
  {
    field: 'changeDescription',
    headerName: 'Desc of document',
    flex: 2,
    minWidth: 220,
    renderCell: ({ row }) => (
      <Box sx={cellText}>
        {row.changeDescription}
        <Snippet parts={row.snippet} />
      </Box>
    ),
  },
  { field: 'keywords', headerName: 'Keywords', flex: 1, minWidth: 110, renderCell: ({ value }) => <Box sx={cellText}>{value}</Box> },
  { field: 'changeOrderNo', headerName: 'ChangeOrder No.', width: 156, renderCell: ({ value }) => <Box sx={cellText}>{value}</Box> },
  { field: 'productName', headerName: 'Product Name', flex: 1, minWidth: 120, renderCell: ({ value }) => <Box sx={cellText}>{value}</Box> },
  download,
];

/** On a phone the facts share one column, so that the download icon stays in view without scrolling sideways. */
const PHONE_COLUMNS: Column[] = [
  {
    field: 'documentNumber',
    headerName: 'Document',
    flex: 1,
    minWidth: 0,
    sortable: false,
    renderCell: ({ row }) => (
      <Box sx={{ ...cellText, width: '100%' }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}>
          <DocumentNumberLink result={row} />
          <SearchStatusChip result={row} />
        </Stack>
        <Typography variant="caption" color="textSecondary" component="p">
          {row.productName} · {row.changeOrderNo}
        </Typography>
        <Typography variant="body2" component="p">
          {row.changeDescription}
        </Typography>
        <Snippet parts={row.snippet} />
        {row.keywords ? (
          <Typography variant="caption" color="textSecondary" component="p" sx={{ mt: 0.5 }}>
            Keywords: {row.keywords}
          </Typography>
        ) : null}
      </Box>
    ),
  },
  download,
];

type SearchResultsTableProps = {
  results: readonly DocumentSearchResult[];
  loading: boolean;
};

/**
 * The documents a search found (at most 50, best first, all at hand): paged in the browser by the spec's rules
 * (§2.13: 10, 25, 50 or 100 a page, 10 first; no pagination below 10 rows). The page keys it by the search, so each
 * search starts a new grid on its first page.
 */
export const SearchResultsTable = ({ results, loading }: SearchResultsTableProps) => {
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const rows = useMemo<ResultRow[]>(() => results.map((result) => ({ ...result, id: result.childDocumentId })), [results]);

  return (
    <Box data-testid="search-results-grid">
      <DataGrid
        rows={rows}
        columns={isPhone ? PHONE_COLUMNS : DESKTOP_COLUMNS}
        loading={loading}
        autoHeight
        getRowHeight={() => 'auto'}
        getEstimatedRowHeight={() => (isPhone ? 140 : 72)}
        disableColumnMenu={isPhone}
        disableColumnFilter
        pageSizeOptions={PAGE_SIZE_OPTIONS}
        initialState={{ pagination: { paginationModel: { page: 0, pageSize: PAGE_SIZE_OPTIONS[0]! } } }}
        hideFooter={rows.length < PAGINATE_FROM_ROWS}
        disableRowSelectionOnClick
        sx={{
          border: 0,
          '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 600 },
          '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center' },
        }}
      />
    </Box>
  );
};
