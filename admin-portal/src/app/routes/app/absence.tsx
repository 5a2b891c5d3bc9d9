import { ABSENCE_MESSAGES } from '@ifu/contracts';
import Paper from '@mui/material/Paper';

import { Page } from '@/components/ui/page';
import { AbsenceForm } from '@/features/absence/components/absence-form';

/** The signed-in user's absence and delegate (from the account menu, beside Change Password). */
const AbsenceRoute = () => (
  <Page title={ABSENCE_MESSAGES.title}>
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }}>
      <AbsenceForm />
    </Paper>
  </Page>
);

export default AbsenceRoute;
