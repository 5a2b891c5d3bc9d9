import { zodResolver } from '@hookform/resolvers/zod';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router-dom';
import { z } from 'zod';

import { RhfInputField } from '@/components/ui/form/rhf-input-field';
import { errorMessage } from '@/lib/api-client';
import { afterLoginHref } from '@/lib/return-path';

import { useLogInWithCode } from '../api/second-factor-login';

import { LOGIN_TEXT } from './login-messages';

const CodeForm = z.object({ code: z.string().trim().min(1, LOGIN_TEXT.codeRequired).max(32, LOGIN_TEXT.codeHelp) });
type CodeForm = z.infer<typeof CodeForm>;

type CodeStepProps = { username: string; challenge: string; onBack: () => void };

/**
 * Login step three, for an account with a second factor: the password was accepted; the 6-digit code from
 * the authenticator app (or a recovery code) opens the session. The server's refusal (a wrong or used code, too many
 * tries, a login that took too long) shows under the field. Six digits typed are a whole app code: sent at once, without
 * Verify (which a recovery code, or the same code again, still needs).
 */
export const CodeStep = ({ username, challenge, onBack }: CodeStepProps) => {
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogInWithCode({
    mutationConfig: { onSuccess: () => navigate(afterLoginHref(location.search), { replace: true }) },
  });
  const { control, handleSubmit } = useForm<CodeForm>({ resolver: zodResolver(CodeForm), defaultValues: { code: '' } });
  const sent = useRef('');
  const onSubmit = handleSubmit(({ code }) => {
    sent.current = code;
    login.mutate({ data: { challenge, code } });
  });
  const typed = useWatch({ control, name: 'code' }).trim();
  const pending = login.isPending || login.isSuccess;
  useEffect(() => {
    if (/^\d{6}$/.test(typed) && typed !== sent.current && !pending) void onSubmit();
  }, [typed, pending]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5} data-testid="login-code-step">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
        <Typography variant="body2" noWrap sx={{ flex: 1, minWidth: 0 }} data-testid="login-username">
          {username}
        </Typography>
        <Link
          component="button"
          type="button"
          variant="body2"
          onClick={onBack}
          underline="hover"
          data-testid="login-back"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, flexShrink: 0 }}
        >
          <ArrowBack sx={{ fontSize: 16 }} aria-hidden />
          Back
        </Link>
      </Box>
      <Box>
        <RhfInputField
          control={control}
          name="code"
          label={LOGIN_TEXT.codeLabel}
          autoComplete="one-time-code"
          autoFocus
          helperText={LOGIN_TEXT.codeHelp}
          htmlInput={{ inputMode: 'text', autoCapitalize: 'off', spellCheck: false, maxLength: 32 }}
        />
        {login.isError ? (
          <Typography role="alert" variant="body2" color="error" sx={{ mt: 1, mx: 1.75 }} data-testid="login-error">
            {errorMessage(login.error)}
          </Typography>
        ) : null}
      </Box>
      <Button type="submit" variant="contained" size="large" fullWidth loading={login.isPending || login.isSuccess}>
        Verify
      </Button>
    </Stack>
  );
};
