import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { DataGrid, type GridColDef, type GridPaginationModel, type GridValidRowModel } from '@mui/x-data-grid';
import { useState } from 'react';

/** Spec §2.13 / §9: page sizes 10, 25, 50, 100 (default 10), and a pagination footer only from 10 rows. */
export const PAGE_SIZE_OPTIONS = [10, 25, 50, 100];
export const PAGINATE_FROM_ROWS = 10;

export interface SpecDataGridProps<Row extends GridValidRowModel> {
  testId: string;
  rows: readonly Row[];
  columns: readonly GridColDef<Row>[];
  loading: boolean;
  rowHeight: number;
  compact: boolean;
  paginationModel: GridPaginationModel;
  onPaginationModelChange: (model: GridPaginationModel) => void;
  noRowsLabel: string;
}

/** The product's tables: one DataGrid set up by the spec's paging rules, used by every list screen. */
export function SpecDataGrid<Row extends GridValidRowModel>(props: SpecDataGridProps<Row>) {
  return (
    <Box data-testid={props.testId}>
      <DataGrid
        rows={props.rows}
        columns={props.columns}
        loading={props.loading}
        autoHeight
        rowHeight={props.rowHeight}
        disableColumnMenu={props.compact}
        pageSizeOptions={PAGE_SIZE_OPTIONS}
        paginationModel={props.paginationModel}
        onPaginationModelChange={props.onPaginationModelChange}
        hideFooter={props.rows.length < PAGINATE_FROM_ROWS}
        disableRowSelectionOnClick
        localeText={{ noRowsLabel: props.noRowsLabel }}
        sx={{ border: 0, '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 600 } }}
      />
    </Box>
  );
}

/** What every list grid keeps: whether the phone layout applies, and the page shown (row numbers count across pages). */
export function useSpecGridState() {
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: PAGE_SIZE_OPTIONS[0]! });
  return { isPhone, pagination, setPagination };
}
