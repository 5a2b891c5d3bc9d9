import GlobalStyles from '@mui/material/GlobalStyles';

/**
 * The review screen printed (the browser's Print → Save as PDF): only the record's history and the reviews, on white,
 * without the shell (header, menu, footer) or the screen's buttons and filters (`.no-print`); table rows are not split
 * across pages and the header row repeats.
 */
export const PrintStyles = () => (
  <GlobalStyles
    styles={{
      '@media print': {
        '[data-testid="app-header"], [data-testid="app-footer"], [data-testid="side-menu"], .MuiDrawer-root, .no-print': {
          display: 'none !important',
        },
        'body, main': { background: '#fff !important', padding: '0 !important' },
        'main .MuiToolbar-root': { display: 'none !important' },
        '.MuiPaper-root': { boxShadow: 'none !important', border: 'none !important', overflow: 'visible !important' },
        '.MuiTableContainer-root': { overflow: 'visible !important', maxHeight: 'none !important' },
        'thead': { display: 'table-header-group' },
        'tr, .audit-review-keep': { breakInside: 'avoid', pageBreakInside: 'avoid' },
        '.audit-review-print-only': { display: 'block !important' },
        a: { color: 'inherit', textDecoration: 'none' },
      },
      '@page': { size: 'A4 landscape', margin: '12mm' },
    }}
  />
);
