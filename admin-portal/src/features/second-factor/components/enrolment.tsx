import { zodResolver } from '@hookform/resolvers/zod';
import type { StartEnrolmentResponse } from '@ifu/contracts';
import { SECOND_FACTOR_MESSAGES } from '@ifu/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

import { RhfInputField } from '@/components/ui/form/rhf-input-field';
import { errorMessage, fieldErrors } from '@/lib/api-client';

import { useConfirmEnrolment, useFactorStatus, useStartEnrolment } from '../api/enrolment';

const CodeForm = z.object({
  code: z
    .string()
    .transform((v) => v.replace(/\s/g, ''))
    .refine((v) => /^\d{6}$/.test(v), SECOND_FACTOR_MESSAGES.enrolmentCodeFormat),
});
type CodeForm = z.input<typeof CodeForm>;

type EnrolmentProps = {
  /** An ADMIN must set one up before anything else: said at the top. */
  required: boolean;
  /** After the recovery codes were shown and the user goes on. */
  onDone: () => void;
};

/**
 * Setting up the second factor: a new secret shown as a QR code and as text, confirmed with a current code
 * from the app; then the ten recovery codes, shown this once. An account that has one already is told so (another
 * ADMIN resets a lost one).
 */
export const SecondFactorEnrolment = ({ required, onDone }: EnrolmentProps) => {
  const status = useFactorStatus();
  const start = useStartEnrolment();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} onDone={onDone} />;
  if (status.data?.secondFactorEnrolled) {
    return (
      <Alert severity="success" data-testid="second-factor-enrolled">
        Your second factor is set up. If you lose your authenticator app, use one of your recovery codes, and ask another ADMIN to reset it.
      </Alert>
    );
  }
  return (
    <Stack spacing={2.5} data-testid="second-factor-enrolment">
      {required ? (
        <Alert severity="warning">Your account has the ADMIN role: set up a second factor before you continue.</Alert>
      ) : null}
      <Typography>
        A second factor protects your account: after your password, the login asks for a 6-digit code from an authenticator app on your phone
        (for example Google Authenticator, Microsoft Authenticator or FreeOTP).
      </Typography>
      {start.data ? (
        <Secret started={start.data} onConfirmed={setRecoveryCodes} />
      ) : (
        <Box>
          <Button variant="contained" onClick={() => start.mutate()} loading={start.isPending} data-testid="second-factor-start">
            Set up second factor
          </Button>
          {start.isError ? (
            <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
              {errorMessage(start.error)}
            </Typography>
          ) : null}
        </Box>
      )}
    </Stack>
  );
};

/** A message shown on its own starts with a capital letter. */
const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The new secret, and the code that confirms it. */
const Secret = ({ started, onConfirmed }: { started: StartEnrolmentResponse; onConfirmed: (codes: string[]) => void }) => {
  const confirm = useConfirmEnrolment({ onSuccess: (response) => onConfirmed(response.recoveryCodes) });
  const { control, handleSubmit } = useForm<CodeForm, unknown, z.output<typeof CodeForm>>({ resolver: zodResolver(CodeForm), defaultValues: { code: '' } });
  const onSubmit = handleSubmit(({ code }) => confirm.mutate({ enrolmentId: started.enrolmentId, code }));
  // The key in groups of four, as apps show it; spaces are ignored when typed.
  const grouped = started.secret.match(/.{1,4}/g)?.join(' ') ?? started.secret;
  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5}>
      <Typography component="h2" variant="h6">
        1. Scan this QR code with your authenticator app
      </Typography>
      <Box component="img" src={started.qrCode} alt="QR code to add IFU Portal to your authenticator app" sx={{ width: 200, height: 200, alignSelf: 'flex-start' }} />
      <Typography variant="body2">
        Or type this key into the app (time-based):{' '}
        <Box component="code" data-testid="second-factor-secret" sx={{ fontSize: 16, fontWeight: 600, letterSpacing: 1 }}>
          {grouped}
        </Box>
      </Typography>
      <Typography component="h2" variant="h6">
        2. Enter the code the app shows
      </Typography>
      <Box sx={{ maxWidth: 320 }}>
        <RhfInputField control={control} name="code" label="Code from the app" autoComplete="one-time-code" htmlInput={{ inputMode: 'numeric', maxLength: 16 }} />
        {confirm.isError ? (
          <Typography role="alert" color="error" variant="body2" sx={{ mt: 1, mx: 1.75 }} data-testid="second-factor-error">
            {/* Shown under the code field: the server's words without its field name ('code: ...'). */}
            {sentence((fieldErrors(confirm.error).find(({ field }) => field === 'code')?.message ?? errorMessage(confirm.error)).replace(/^code: /, ''))}
          </Typography>
        ) : null}
      </Box>
      <Box>
        <Button type="submit" variant="contained" loading={confirm.isPending}>
          Confirm
        </Button>
      </Box>
    </Stack>
  );
};

/** The recovery codes, shown once. */
const RecoveryCodes = ({ codes, onDone }: { codes: string[]; onDone: () => void }) => (
  <Stack spacing={2.5} data-testid="second-factor-recovery-codes">
    <Alert severity="success">{SECOND_FACTOR_MESSAGES.enrolled}</Alert>
    <Typography component="h2" variant="h6">
      Your recovery codes
    </Typography>
    <Typography variant="body2">If you lose your phone, log in with one of these codes instead of a code from the app. Each works once.</Typography>
    <Box component="ol" sx={{ fontFamily: 'monospace', fontSize: 16, columns: { xs: 1, sm: 2 }, maxWidth: 420, pl: 4, m: 0 }} data-testid="recovery-code-list">
      {codes.map((code) => (
        // A code never breaks across lines (it is copied or typed whole).
        <Box component="li" key={code} sx={{ whiteSpace: 'nowrap' }}>
          {code}
        </Box>
      ))}
    </Box>
    <Box>
      <Button variant="contained" onClick={onDone}>
        I have saved my recovery codes
      </Button>
    </Box>
  </Stack>
);
