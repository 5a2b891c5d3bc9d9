import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH } from '@ifu/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { z } from 'zod';

import { RhfInputField } from '@/components/ui/form/rhf-input-field';
import { paths } from '@/config/paths';
import { TIMINGS } from '@/config/timings';
import { useTimers } from '@/hooks/use-timers';
import { errorMessage, fieldErrors, isApiError } from '@/lib/api-client';

import { usePasswordLinkCheck } from '../api/check-password-link';
import { useSetPassword } from '../api/set-password';

const SetPasswordValues = z
  .object({
    password: z.string().min(1, PASSWORD_MESSAGES.enterNewPassword).max(PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES.tooLong),
    confirmPassword: z.string().min(1, PASSWORD_MESSAGES.enterConfirmPassword),
  })
  .refine((form) => form.confirmPassword === form.password, {
    path: ['confirmPassword'],
    message: PASSWORD_MESSAGES.mismatch,
  });
type SetPasswordValues = z.infer<typeof SetPasswordValues>;

/** A message of the page; `lines`: every rule a refused password breaks, listed under its text. */
type Message = { severity: 'success' | 'error'; text: string; lines?: string[] };

/** What the New Password field says before anything is typed: the rules the server holds every password to. */
const PASSWORD_RULES = `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters; not your email address; not a common or easily guessed password.`;

/**
 * Reset Password with the token of the emailed link (spec §2.1, §4, §5, §9): the link is checked when the page opens,
 * so that a used or expired one is said at once, before anything is typed; 'Password Mismatch' while typing the
 * confirmation; a refused password lists every rule it breaks, not only the first; on success the server's message,
 * then /login after 4 s; errors vanish after 6 s.
 */
export const SetPasswordForm = ({ token }: { token: string }) => {
  const link = usePasswordLinkCheck(token);
  // A link the server refuses (400) is spent, expired or unknown: nothing to type. Any other failure (the network)
  // leaves the form: the submit says the same once it can.
  const refused = link.isError && isApiError(link.error) && link.error.status === 400;

  if (link.isPending) {
    return (
      <Typography role="status" color="textSecondary" data-testid="set-password-checking">
        Checking your link…
      </Typography>
    );
  }
  if (refused) {
    return (
      <Alert severity="error" role="alert" data-testid="set-password-link-invalid">
        {errorMessage(link.error)}
      </Alert>
    );
  }
  return <PasswordFields token={token} />;
};

const PasswordFields = ({ token }: { token: string }) => {
  const navigate = useNavigate();
  const timers = useTimers();
  const [message, setMessage] = useState<Message | null>(null);
  const setPassword = useSetPassword();
  const { control, handleSubmit } = useForm<SetPasswordValues>({
    resolver: zodResolver(SetPasswordValues),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const [password, confirmPassword] = useWatch({ control, name: ['password', 'confirmPassword'] });
  const liveMismatch = confirmPassword !== '' && confirmPassword !== password ? PASSWORD_MESSAGES.mismatch : undefined;

  const show = (next: Message, vanishAfterMs: number) => {
    timers.clearAll();
    setMessage(next);
    timers.after(vanishAfterMs, () => setMessage(null));
  };

  const onSubmit = handleSubmit((form) => {
    timers.clearAll();
    setMessage(null);
    setPassword.mutate(
      { data: { token, password: form.password } },
      {
        onSuccess: (response) => {
          show({ severity: 'success', text: response.message }, TIMINGS.setPasswordClearAllMs);
          timers.after(TIMINGS.setPasswordRedirectMs, () => navigate(paths.auth.login.getHref(), { replace: true }));
        },
        onError: (error) => {
          // Every rule the password breaks, listed; anything else (a link spent meanwhile) as the message alone.
          const broken = fieldErrors(error).filter((field) => field.field === 'password').map((field) => field.message);
          show(
            broken.length > 0
              ? { severity: 'error', text: 'Choose another password:', lines: broken }
              : { severity: 'error', text: errorMessage(error) },
            TIMINGS.setPasswordErrorMs,
          );
        },
      },
    );
  });

  // Once set, the form gives way to the message (no greyed fields left behind) until the move to /login.
  if (setPassword.isSuccess) {
    return message ? (
      <Alert severity="success" role="status" data-testid="set-password-message">
        {message.text}
      </Alert>
    ) : null;
  }

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5} data-testid="set-password-form">
      <RhfInputField
        control={control}
        name="password"
        label="New Password"
        type="password"
        autoComplete="new-password"
        autoFocus
        helperText={PASSWORD_RULES}
      />
      <RhfInputField control={control} name="confirmPassword" label="Confirm Password" type="password" autoComplete="new-password" errorText={liveMismatch} />
      {message ? (
        <Alert severity={message.severity} role={message.severity === 'error' ? 'alert' : 'status'} data-testid="set-password-message">
          {message.text}
          {message.lines ? (
            <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }} data-testid="set-password-rules">
              {message.lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </Box>
          ) : null}
        </Alert>
      ) : null}
      <Button type="submit" variant="contained" size="large" fullWidth disabled={setPassword.isPending}>
        {setPassword.isPending ? 'Submitting...' : 'Submit'}
      </Button>
    </Stack>
  );
};
