import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { DataGrid, type GridColDef, type GridPaginationModel, type GridSortModel, type GridValidRowModel } from '@mui/x-data-grid';
import { Fragment, useDeferredValue, useState } from 'react';

/**
 * A text cell that shows its whole text: one line when the column is wide enough, otherwise up to
 * three lines (the grid's `autoRowHeight` makes the row that tall), broken between words (or, for an email address,
 * anywhere). A text longer still is cut after the third line and whole in its tooltip.
 */
export const WrappedText = ({ text }: { text: string | undefined }) => (
  <Box component="span" sx={{ display: 'flex', alignItems: 'center', height: '100%', minWidth: 0 }}>
    <Box
      component="span"
      title={text}
      data-wrapped-text=""
      sx={{
        display: '-webkit-box',
        WebkitBoxOrient: 'vertical',
        WebkitLineClamp: 3,
        overflow: 'hidden',
        whiteSpace: 'normal',
        overflowWrap: 'break-word',
        lineHeight: 1.3,
      }}
    >
      {breakable(text)}
    </Box>
  </Box>
);

/** The text with a line-break opportunity after each '/', '@' and '.' ('Model/Product Information', an email address). */
const breakable = (text: string | undefined) =>
  text?.split(/(?<=[/@.])/).map((part, index) => (
    <Fragment key={index}>
      {index > 0 ? <wbr /> : null}
      {part}
    </Fragment>
  ));

/** Spec §2.13 / §9: page sizes 10, 25, 50, 100 (default 10), and a pagination footer only from 10 rows. */
export const PAGE_SIZE_OPTIONS = [10, 25, 50, 100];
export const PAGINATE_FROM_ROWS = 10;

/** What a list call asks the server for: one page, sorted and searched there (the API's ListQuery). */
export interface ListParams {
  page: number;
  pageSize: number;
  sortField?: string;
  sortOrder?: 'asc' | 'desc';
  search?: string;
}

export interface SpecDataGridProps<Row extends GridValidRowModel> {
  testId: string;
  rows: readonly Row[];
  /** Every match on the server, on all pages. */
  rowCount: number;
  columns: readonly GridColDef<Row>[];
  loading: boolean;
  rowHeight: number;
  compact: boolean;
  state: SpecGridState;
  noRowsLabel: string;
  /** Names what the search box searches ('Search users'). */
  searchLabel: string;
  /**
   * Rows as tall as their wrapped texts (at least `rowHeight`): a long customer name or email shows whole on a second
   * or third line instead of being cut. Off on a phone, whose rows are laid out by hand.
   */
  autoRowHeight?: boolean;
}

/**
 * A list's first load: a header line and rows of grey bars where the rows will be, not an empty
 * grid. Later loads (another page, a sort, a search) keep the rows on screen under a progress bar.
 */
const GridSkeleton = ({ rowHeight, label }: { rowHeight: number; label: string }) => (
  <Box role="status" aria-label={label} aria-busy="true" data-testid="grid-skeleton" sx={{ px: 2, pb: 2 }}>
    <Skeleton variant="text" height={40} sx={{ maxWidth: 560 }} />
    {Array.from({ length: 5 }, (_, index) => (
      <Skeleton key={index} variant="rounded" height={rowHeight - 12} sx={{ my: 1.5 }} />
    ))}
  </Box>
);

/**
 * The product's tables: one DataGrid in server mode (the server pages, sorts and searches, so a list of any size
 * costs one page), set up by the spec's paging rules, used by every list screen.
 */
export function SpecDataGrid<Row extends GridValidRowModel>(props: SpecDataGridProps<Row>) {
  const { state } = props;
  return (
    <Box data-testid={props.testId}>
      <Box sx={{ px: 2, pt: 1.5, pb: 1 }}>
        <TextField
          size="small"
          label={props.searchLabel}
          value={state.searchText}
          onChange={(event) => state.setSearchText(event.target.value)}
          slotProps={{
            htmlInput: { maxLength: 100 },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
          sx={{ width: { xs: '100%', sm: 320 } }}
        />
      </Box>
      {props.loading && props.rows.length === 0 ? (
        <GridSkeleton rowHeight={props.rowHeight} label={`Loading ${props.searchLabel.replace(/^Search /, '')}`} />
      ) : (
      <DataGrid
        rows={props.rows}
        rowCount={props.rowCount}
        columns={props.columns}
        loading={props.loading}
        autoHeight
        rowHeight={props.rowHeight}
        disableColumnMenu={props.compact}
        disableColumnFilter
        paginationMode="server"
        sortingMode="server"
        pageSizeOptions={PAGE_SIZE_OPTIONS}
        paginationModel={state.pagination}
        onPaginationModelChange={state.setPagination}
        sortModel={state.sortModel}
        onSortModelChange={state.setSortModel}
        hideFooter={props.rowCount < PAGINATE_FROM_ROWS}
        disableRowSelectionOnClick
        localeText={{ noRowsLabel: props.noRowsLabel }}
        slotProps={{ loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'skeleton' } }}
        {...(props.autoRowHeight && !props.compact ? { getRowHeight: () => 'auto' as const, getEstimatedRowHeight: () => props.rowHeight } : {})}
        // A header wider than its column goes onto a second line rather than being cut ('Effective Date').
        sx={{
          border: 0,
          '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 600, whiteSpace: 'normal', lineHeight: 1.2 },
          ...(props.autoRowHeight && !props.compact
            ? { '& .MuiDataGrid-cell': { minHeight: props.rowHeight, py: 0.75, display: 'flex', alignItems: 'center' } }
            : {}),
        }}
      />
      )}
    </Box>
  );
}

export type SpecGridState = ReturnType<typeof useSpecGridState>;

/**
 * What every list grid keeps: whether the phone layout applies, the page shown (row numbers count across pages), the
 * sort and the search; `params` is what to ask the server for. A new sort or search starts again at the first page.
 */
export function useSpecGridState() {
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: PAGE_SIZE_OPTIONS[0]! });
  const [sortModel, setSort] = useState<GridSortModel>([]);
  const [searchText, setSearch] = useState('');
  // Typing stays responsive; the list follows the search as React gets to it.
  const search = useDeferredValue(searchText.trim());
  const firstPage = () => setPagination((current) => ({ ...current, page: 0 }));
  const sort = sortModel[0];
  const params: ListParams = {
    page: pagination.page,
    pageSize: pagination.pageSize,
    ...(sort?.sort ? { sortField: sort.field, sortOrder: sort.sort } : {}),
    ...(search ? { search } : {}),
  };
  return {
    isPhone,
    pagination,
    setPagination,
    sortModel,
    setSortModel: (model: GridSortModel) => {
      setSort(model);
      firstPage();
    },
    searchText,
    setSearchText: (text: string) => {
      setSearch(text);
      firstPage();
    },
    params,
  };
}
