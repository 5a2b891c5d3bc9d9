import { createTheme } from '@mui/material/styles';

/**
 * Where menus, option lists, pickers and tooltips render: inside the dialog on top when one is open (the field that
 * opened it is there), else inside the page's main landmark. MUI puts them at the end of the body by default, outside
 * every landmark (axe "region"); in place they belong to the form that opened them. The body where a page has
 * neither (the login screens).
 */
export const popupContainer = (): HTMLElement => {
  const dialogs = document.querySelectorAll<HTMLElement>('[role="dialog"]');
  return dialogs[dialogs.length - 1] ?? document.querySelector<HTMLElement>('main') ?? document.body;
};

export const theme = createTheme({
  palette: {
    primary: { main: '#1f4e79' },
    secondary: { main: '#2e7d6b' },
    // MUI's default warning (#ed6c02) and info (#0288d1) carry white text at 3.1:1 and 3.9:1 (filled chips and
    // toasts): below the 4.5:1 that WCAG AA asks of text. These darker tones of the same hues give 5.0:1 and 4.8:1.
    warning: { main: '#b45309' },
    info: { main: '#0277bd' },
    background: { default: '#f4f6f9' },
    // The text of a disabled field: MUI's rgba(0, 0, 0, 0.38) is 2.7:1 on white. Locked fields (the wizard's parent
    // after 'Add More Document') are there to be read: this is 5.3:1, still lighter than the 0.87 of the text typed.
    text: { disabled: 'rgba(0, 0, 0, 0.58)' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiTextField: { defaultProps: { fullWidth: true } },
    // Menus (a Select's options) and poppers (an Autocomplete's list, a date picker, a tooltip): see popupContainer.
    MuiPopover: { defaultProps: { container: popupContainer } },
    MuiPopper: { defaultProps: { container: popupContainer } },
  },
});
