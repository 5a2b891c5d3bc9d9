import { zodResolver } from '@hookform/resolvers/zod';
import { EMAIL_PATTERN, ErrorResponse, PASSWORD_MESSAGES } from '@ifu/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { z } from 'zod';

import { RhfInputField } from '@/components/ui/form/rhf-input-field';
import { notify } from '@/components/ui/notifications';
import { paths } from '@/config/paths';
import { errorMessage, isApiError } from '@/lib/api-client';

import { useVerifyEmail } from '../api/verify-email';

import { LOGIN_TEXT } from './login-messages';
import type { SendRequestState } from './send-request-state';

const UsernameForm = z.object({
  username: z.string().trim().min(1, LOGIN_TEXT.usernameRequired).regex(EMAIL_PATTERN, LOGIN_TEXT.usernameInvalid),
});
type UsernameForm = z.infer<typeof UsernameForm>;

type UsernameStepProps = {
  defaultUsername: string;
  /** The email exists, the user is active and has a password: ask for it. */
  onPasswordStep: (username: string) => void;
};

/** Login step one: 'Username/Email' and Login, then the branch of spec §4 (login flow). */
export const UsernameStep = ({ defaultUsername, onPasswordStep }: UsernameStepProps) => {
  const navigate = useNavigate();
  const verify = useVerifyEmail();
  const [hint, setHint] = useState<string | null>(null);
  const { control, handleSubmit } = useForm<UsernameForm>({
    resolver: zodResolver(UsernameForm),
    defaultValues: { username: defaultUsername },
  });

  const toSendRequest = (state: SendRequestState) => {
    notify('info', state.reason);
    navigate(paths.auth.sendRequest.getHref(), { state });
  };

  const onSubmit = handleSubmit(({ username }) => {
    setHint(null);
    verify.mutate(
      { data: { email: username } },
      {
        onSuccess: ({ emailExist, userActive, passwordActive, passwordExpired, message }) => {
          if (!emailExist) toSendRequest({ username, reason: LOGIN_TEXT.activateEmail });
          else if (!userActive) toSendRequest({ username, reason: LOGIN_TEXT.activateUser });
          // The server has emailed a set-password link; the password is set only through that link.
          else if (!passwordActive && passwordExpired) navigate(paths.auth.setPassword.getHref());
          else if (!passwordActive) setHint(message ?? PASSWORD_MESSAGES.setPasswordLinkSent);
          else onPasswordStep(username);
        },
        onError: (error) => {
          // Too many questions about this address (from anyone): the password step does not need the answer, so the
          // owner still logs in however often others ask about their address.
          const code = isApiError(error) ? ErrorResponse.safeParse(error.body).data?.code : undefined;
          if (code !== 'verify-email-limited') return;
          verify.reset();
          onPasswordStep(username);
        },
      },
    );
  });

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5} data-testid="login-username-step">
      <RhfInputField
        control={control}
        name="username"
        label={LOGIN_TEXT.usernameLabel}
        type="email"
        autoComplete="username"
        autoFocus
        htmlInput={{ inputMode: 'email', autoCapitalize: 'none', spellCheck: false }}
      />
      {verify.isError ? (
        <Alert severity="error" role="alert" data-testid="login-error">
          {errorMessage(verify.error)}
        </Alert>
      ) : null}
      {hint ? (
        <Alert severity="info" role="status" data-testid="login-hint">
          {hint}
        </Alert>
      ) : null}
      <Button type="submit" variant="contained" size="large" fullWidth loading={verify.isPending}>
        Login
      </Button>
    </Stack>
  );
};
