import { REASON_MAX, SIGNATURE_MESSAGES } from '@ifu/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo } from 'react';
import type { ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { Resolver } from 'react-hook-form';

import { RhfTextField } from '@/components/ui/form/rhf-text-field';
import { phoneDialogSlotProps } from '@/components/ui/phone-dialog';
import { errorMessage, fieldErrors } from '@/lib/api-client';
import { useSession } from '@/lib/app-state';

import { TrainingNotice, useSigningBlocked } from './training-notice';
import { passwordMismatch, SIGNED_DEFAULTS, signedFormErrors, signedFormFilled, signedFormValues } from './signed-form-rules';
import type { SignedField, SignedFormRules, SignedValues } from './signed-form-rules';

export type { SignedFormRules, SignedValues, SignerCredentials } from './signed-form-rules';

/** What the dialog needs of the signed call (a react-query mutation fits). */
export type SigningMutation<V> = { mutate: (variables: V) => void; isPending: boolean; error: Error | null };

export type SignedConfirmFormProps<V> = SignedFormRules & {
  /** Names the parts: data-testid `<name>-form`, `<name>-heading`, `<name>-error`, `<name>-submit`, `<name>-waiting`. */
  name: string;
  /** What the form says first, as a heading (inside a larger dialog: the decision in words). */
  heading?: ReactNode;
  /** What is asked or what it does; with `descriptionId` it is the dialog's accessible description. */
  question?: ReactNode;
  descriptionId?: string;
  /** The submit button: its text, its text while the call runs, its colour. */
  submitLabel: string;
  submittingLabel?: string;
  submitColor?: 'error' | 'success' | 'primary';
  /** The signed call. */
  mutation: SigningMutation<V>;
  /** The call's variables, given what was typed (the reason trimmed). */
  variables: (values: SignedValues) => V;
  /**
   * Shows the server's refusal above the fields (a 403 for wrong or someone else's credentials, which never logs
   * out; a 409 for a record changed meanwhile); `serverErrorFallback` when it has no message. Without it the caller
   * reports failures (a toast). Either way the form stays as typed, and a 400's field errors show next to their fields.
   */
  showServerError?: boolean;
  serverErrorFallback?: string;
  /** The request's field names that are not the form's (`changeJustification` → `reason`). */
  serverFields?: Record<string, SignedField>;
  /** The left-hand button: Cancel, or Back inside a larger dialog. */
  cancel: { label: string; icon?: ReactNode; onClick: () => void };
  onBusy?: (busy: boolean) => void;
  autoFocus?: boolean;
  /** The signer's username to start with (their own email), so that only the password is typed. */
  username?: string;
};

/**
 * The one form that confirms an action (an electronic signature where asked for): the question, the fields the
 * rules ask for, Cancel (or Back) and the submit button. Inside a dialog of its own ({@link SignedConfirmDialog})
 * or inside a larger one (the approval modals).
 */
export const SignedConfirmForm = <V,>({
  name,
  heading,
  question,
  descriptionId,
  submitLabel,
  submittingLabel,
  submitColor = 'error',
  mutation,
  variables,
  showServerError = false,
  serverErrorFallback,
  serverFields = {},
  cancel,
  onBusy,
  autoFocus = false,
  username,
  ...rules
}: SignedConfirmFormProps<V>) => {
  const { signature = 'sign', reason, submitWhenReady = false } = rules;
  // The rules are the contracts' (signed-form-rules.ts); each field shows its first error next to it.
  const resolver = useMemo<Resolver<SignedValues>>(() => {
    const current = { signature: rules.signature, message: rules.message, reason: rules.reason };
    return (typed) => {
      const valid = signedFormValues(current, typed);
      if (valid) return { values: valid, errors: {} };
      const errors = Object.fromEntries(signedFormErrors(current, typed).map(({ field, message }) => [field, { type: 'validation', message }]));
      return { values: {}, errors };
    };
  }, [rules.signature, rules.message, rules.reason?.required]); // eslint-disable-line react-hooks/exhaustive-deps
  // The signer is the signed-in user (another account's credentials are refused): their username is filled in, so
  // that only the password is typed. The password never is.
  const signer = useSession()?.email ?? '';
  const { control, handleSubmit, formState, setError } = useForm<SignedValues>({
    resolver,
    defaultValues: { ...SIGNED_DEFAULTS, username: signature === 'none' ? '' : (username ?? signer) },
    mode: submitWhenReady ? 'onChange' : 'onSubmit',
  });
  const values = useWatch({ control });
  const { isPending, error } = mutation;
  // An untrained signer is told why before typing; the button is not offered as if it would work.
  const signingBlocked = useSigningBlocked() && signature !== 'none';
  useEffect(() => onBusy?.(isPending), [isPending, onBusy]);

  // A 400's field errors go next to their fields.
  useEffect(() => {
    for (const { field, message } of fieldErrors(error)) {
      const target = serverFields[field] ?? (field in SIGNED_DEFAULTS ? (field as SignedField) : undefined);
      if (target) setError(target, { type: 'server', message });
    }
  }, [error]); // eslint-disable-line react-hooks/exhaustive-deps

  const submit = handleSubmit((typed) => mutation.mutate(variables({ ...SIGNED_DEFAULTS, ...typed })));
  const mismatch = signature === 'sign-and-confirm' && passwordMismatch(values);
  const reasonLength = (values.reason ?? '').trim().length;
  const ready = signedFormFilled(rules, values) && formState.isValid && !mismatch;
  const showSubmit = !submitWhenReady || ready || isPending;

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={typeof heading === 'string' ? heading : undefined} data-testid={`${name}-form`}>
      <DialogContent dividers={Boolean(heading)}>
        <Stack spacing={2}>
          {heading ? (
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid={`${name}-heading`}>
              {heading}
            </Typography>
          ) : null}
          {question ? (
            <DialogContentText id={descriptionId} component="div" sx={{ overflowWrap: 'anywhere' }}>
              {question}
            </DialogContentText>
          ) : null}
          {signature === 'none' ? null : <TrainingNotice testId={`${name}-training`} />}
          {showServerError && error ? (
            <Alert severity="error" role="alert" data-testid={`${name}-error`}>
              {errorMessage(error, serverErrorFallback)}
            </Alert>
          ) : null}
          {signature === 'none' ? null : (
            <>
              <RhfTextField
                control={control}
                name="username"
                label="Username"
                autoComplete="off"
                autoFocus={autoFocus && !signer}
                fullWidth
                size={heading ? 'medium' : 'small'}
                slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
              />
              <RhfTextField
                control={control}
                name="password"
                label="Password"
                type="password"
                autoComplete="off"
                autoFocus={autoFocus && Boolean(signer)}
                fullWidth
                size={heading ? 'medium' : 'small'}
              />
            </>
          )}
          {signature === 'sign-and-confirm' ? (
            <RhfTextField
              control={control}
              name="confirmPassword"
              label="Confirm Password"
              type="password"
              autoComplete="off"
              fullWidth
              errorText={mismatch ? SIGNATURE_MESSAGES.passwordMismatch : undefined}
            />
          ) : null}
          {reason ? (
            <RhfTextField
              control={control}
              name="reason"
              label={reason.label ?? 'Reason'}
              multiline
              minRows={3}
              fullWidth
              required={reason.required}
              autoFocus={signature === 'none' && autoFocus}
              errorText={reasonLength > REASON_MAX ? SIGNATURE_MESSAGES.reasonTooLong : undefined}
              helperText={`${reason.helperText ? `${reason.helperText} ` : ''}${reasonLength}/${REASON_MAX}`}
            />
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, gap: 1, flexWrap: 'wrap' }}>
        <Button startIcon={cancel.icon} onClick={cancel.onClick} disabled={isPending} color="inherit" sx={{ mr: 'auto' }}>
          {cancel.label}
        </Button>
        {showSubmit ? (
          <Button
            type="submit"
            variant="contained"
            color={submitColor}
            disabled={isPending || signingBlocked}
            sx={{ minWidth: 130 }}
            data-testid={`${name}-submit`}
          >
            {isPending && submittingLabel ? submittingLabel : submitLabel}
          </Button>
        ) : (
          <Typography variant="body2" color="textSecondary" role="status" data-testid={`${name}-waiting`}>
            {submitLabel} appears once every field is filled in and correct.
          </Typography>
        )}
      </DialogActions>
    </Box>
  );
};

type SignedConfirmDialogProps<V> = Omit<SignedConfirmFormProps<V>, 'cancel' | 'descriptionId' | 'heading'> & {
  /** The dialog's title, which is also its accessible name. */
  title: ReactNode;
  /** The question asked, which is also the dialog's accessible description. */
  question: ReactNode;
  /** Narrower margins on a phone ({@link phoneDialogSlotProps}). */
  phoneMargins?: boolean;
  /** Wider than the default `xs`. */
  maxWidth?: 'xs' | 'sm';
  onClose: () => void;
};

/**
 * A confirmation in a dialog of its own: the title, the question, the {@link SignedConfirmForm}. It cannot be closed
 * while the call runs. Mount it to open it.
 */
export const SignedConfirmDialog = <V,>({ name, title, phoneMargins = false, maxWidth = 'xs', onClose, ...form }: SignedConfirmDialogProps<V>) => (
  <Dialog
    open
    onClose={form.mutation.isPending ? undefined : onClose}
    maxWidth={maxWidth}
    fullWidth
    aria-labelledby={`${name}-title`}
    aria-describedby={`${name}-text`}
    slotProps={phoneMargins ? phoneDialogSlotProps : undefined}
    data-testid={`${name}-dialog`}
  >
    <DialogTitle id={`${name}-title`}>{title}</DialogTitle>
    <SignedConfirmForm name={name} descriptionId={`${name}-text`} cancel={{ label: 'Cancel', onClick: onClose }} {...form} />
  </Dialog>
);
