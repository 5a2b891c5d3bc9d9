import { zodResolver } from '@hookform/resolvers/zod';
import { signatureCredentials, SIGNATURE_MESSAGES } from '@ifu/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';

import { RhfTextField } from '@/components/ui/form/rhf-text-field';
import { phoneDialogSlotProps } from '@/components/ui/phone-dialog';
import { errorMessage } from '@/lib/api-client';

/** The signer's own username and password, as the form holds them. */
export type SignerCredentials = { username: string; password: string };

/** What the dialog needs of the signed call (a react-query mutation fits). */
export type SigningMutation<V> = { mutate: (variables: V) => void; isPending: boolean; error: Error | null };

type SignedConfirmDialogProps<V> = {
  /** Names the dialog's parts: data-testid `<name>-dialog`, ids `<name>-title` and `<name>-text`, the refusal's data-testid `<name>-error`. */
  name: string;
  /** The dialog's title, which is also its accessible name. */
  title: ReactNode;
  /** The question asked, which is also the dialog's accessible description. */
  question: ReactNode;
  /** The submit button's text (a destructive action: shown in the error colour). */
  submitLabel: string;
  /** Shown under a field left empty (spec §5); deactivation and file deletion: 'Enter Username and Password'. */
  message?: string;
  /** The signed call. */
  mutation: SigningMutation<V>;
  /** The call's variables, given the signer's credentials. */
  variables: (credentials: SignerCredentials) => V;
  /**
   * Shows the server's refusal in the dialog, above the fields (a 403 for wrong or someone else's credentials, which
   * never logs out; a 409 for a record changed meanwhile). Without it the caller reports failures (a toast). Either
   * way the dialog stays open.
   */
  showServerError?: boolean;
  /** Narrower margins on a phone ({@link phoneDialogSlotProps}). */
  phoneMargins?: boolean;
  onClose: () => void;
};

/**
 * A confirmation signed with the user's own username and password (an electronic signature): the question, the two
 * fields, Cancel and the submit button. It cannot be closed while the call runs. Mount it to open it.
 */
export const SignedConfirmDialog = <V,>({
  name,
  title,
  question,
  submitLabel,
  message = SIGNATURE_MESSAGES.enterUsernameAndPassword,
  mutation,
  variables,
  showServerError = false,
  phoneMargins = false,
  onClose,
}: SignedConfirmDialogProps<V>) => {
  const schema = useMemo(() => signatureCredentials({ username: message, password: message }), [message]);
  const { control, handleSubmit } = useForm<SignerCredentials>({
    resolver: zodResolver(schema),
    defaultValues: { username: '', password: '' },
  });
  const submit = handleSubmit((credentials) => mutation.mutate(variables(credentials)));
  const { isPending, error } = mutation;

  return (
    <Dialog
      open
      onClose={isPending ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby={`${name}-title`}
      aria-describedby={`${name}-text`}
      slotProps={phoneMargins ? phoneDialogSlotProps : undefined}
      data-testid={`${name}-dialog`}
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id={`${name}-title`}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText id={`${name}-text`} sx={{ overflowWrap: 'anywhere', mb: 2 }}>
            {question}
          </DialogContentText>
          {showServerError && error ? (
            <Alert severity="error" role="alert" sx={{ mb: 2 }} data-testid={`${name}-error`}>
              {errorMessage(error)}
            </Alert>
          ) : null}
          <Stack spacing={2}>
            <RhfTextField control={control} name="username" label="Username" autoComplete="username" fullWidth size="small" />
            <RhfTextField
              control={control}
              name="password"
              label="Password"
              type="password"
              autoComplete="current-password"
              fullWidth
              size="small"
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={isPending} color="inherit">
            Cancel
          </Button>
          <Button type="submit" variant="contained" color="error" loading={isPending}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
