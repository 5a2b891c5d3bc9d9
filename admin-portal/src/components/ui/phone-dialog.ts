import type { DialogProps } from '@mui/material/Dialog';

/** A dialog's paper on a phone: 16 px margins instead of 32, so that its form keeps room. */
export const phoneDialogSlotProps: DialogProps['slotProps'] = {
  paper: { sx: { m: { xs: 2, sm: 4 }, width: { xs: 'calc(100% - 32px)', sm: 'calc(100% - 64px)' } } },
};
