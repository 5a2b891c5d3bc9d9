import { NOTIFICATION_MESSAGES, NOTIFICATION_TEXT_MAX } from '@ifu/contracts';
import type { Notification } from '@ifu/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router-dom';

import { notify } from '@/components/ui/notifications';
import { paths } from '@/config/paths';
import { TIMINGS } from '@/config/timings';
import { useApprovedCustomers } from '@/lib/api/approved-customers';
import { useTimers } from '@/hooks/use-timers';
import { failureMessage } from '@/lib/api-client';

import { useProductsByCustomer } from '../api/get-products-by-customer';
import { useAddNotification, useUpdateNotification } from '../api/save-notification';

import {
  canSubmitNotification,
  notificationFormDefaults,
  notificationFormSchema,
  toAddNotificationRequest,
  toUpdateNotificationRequest,
} from './notification-form-values';
import type { NotificationFormInput, NotificationFormValues } from './notification-form-values';

type Option = { id: string; label: string };

/** The 'All' choice of both selects: a notice for every customer, or every product of its customer (spec §5). */
const ALL: Option = { id: '', label: NOTIFICATION_MESSAGES.all };

/**
 * Choices of a select: 'All', the loaded ones, and the notice's own current choice when the list lacks it (a customer
 * no longer approved, a family renamed), so that editing never shows an empty select for a stored value.
 */
const withCurrent = (loaded: readonly Option[], current?: Option): Option[] => {
  const options = [ALL, ...loaded];
  if (current && current.id !== '' && !options.some((option) => option.id === current.id)) options.push(current);
  return options;
};

const useCustomerOptions = (notification?: Notification) => {
  const customers = useApprovedCustomers();
  const options = useMemo(
    () =>
      withCurrent(
        (customers.data ?? []).map((customer) => ({ id: customer.id, label: customer.customerName })),
        notification?.customerID ? { id: notification.customerID, label: notification.customerName ?? notification.customerID } : undefined,
      ),
    [customers.data, notification],
  );
  return { options, loading: customers.isPending, failed: customers.isError };
};

const useProductOptions = (customerId: string, notification?: Notification) => {
  const products = useProductsByCustomer(customerId);
  const options = useMemo(
    () =>
      withCurrent(
        (products.data ?? []).map((family) => ({ id: family.parentChangeId, label: family.productFamilyName })),
        // The stored product belongs to the stored customer only.
        notification?.productID && notification.customerID === customerId
          ? { id: notification.productID, label: notification.productName ?? notification.productID }
          : undefined,
      ),
    [products.data, notification, customerId],
  );
  return { options, loading: customerId !== '' && products.isPending, failed: products.isError };
};

type NotificationFormProps = {
  /** The notice being edited; absent to add one. */
  notification?: Notification;
};

/**
 * The Add/Edit notification form (spec §2.5, §4, §5): Customers (approved ones, or All), Products (the customer's
 * families, or All; loaded once a customer is chosen), the required Notification Message, and Add or Update, disabled
 * while the message is empty. Success says so and goes back to the list after 1 second.
 */
export const NotificationForm = ({ notification }: NotificationFormProps) => {
  const editing = notification !== undefined;
  const navigate = useNavigate();
  const timers = useTimers();
  const [saved, setSaved] = useState(false);
  const { control, handleSubmit, setValue } = useForm<NotificationFormInput, unknown, NotificationFormValues>({
    resolver: zodResolver(notificationFormSchema),
    defaultValues: notificationFormDefaults(notification),
    mode: 'onTouched',
  });
  const customerId = useWatch({ control, name: 'customerID' });
  const text = useWatch({ control, name: 'notificationText' });
  const customers = useCustomerOptions(notification);
  const products = useProductOptions(customerId, notification);

  const mutationConfig = {
    onSuccess: () => {
      // Spec §4: on HTTP 200 the form's own text; then the list after 1 second (§9).
      setSaved(true);
      notify('success', NOTIFICATION_MESSAGES.formAdded);
      timers.after(TIMINGS.notificationRedirectMs, () => void navigate(paths.app.notifications.getHref()));
    },
    onError: (error: Error) => notify('error', failureMessage(NOTIFICATION_MESSAGES.formFailed, error)),
  };
  const addNotification = useAddNotification({ mutationConfig });
  const updateNotification = useUpdateNotification({ mutationConfig });
  const busy = addNotification.isPending || updateNotification.isPending || saved;

  const onSubmit = handleSubmit((values) => {
    if (notification) {
      updateNotification.mutate({ data: toUpdateNotificationRequest(values, notification.id), version: notification.version });
    } else {
      addNotification.mutate({ data: toAddNotificationRequest(values) });
    }
  });

  const submitLabel = editing ? 'Update' : 'Add';
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box
        component="form"
        noValidate
        onSubmit={onSubmit}
        aria-label={editing ? 'Update Notification' : 'Add Notification'}
        data-testid="notification-form"
        sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' }, gap: 2.5, alignItems: 'start' }}
      >
        <Controller
          control={control}
          name="customerID"
          render={({ field: { ref, value, onChange, onBlur, name } }) => (
            <TextField
              select
              name={name}
              label="Customers"
              value={value}
              inputRef={ref}
              onBlur={onBlur}
              onChange={(event) => {
                onChange(event.target.value);
                // Spec §2.5: the products are the chosen customer's; a new customer starts again from All.
                setValue('productID', '');
              }}
              disabled={busy}
              helperText={customers.failed ? 'Failed to load the approved customers' : customers.loading ? 'Loading customers…' : undefined}
              error={customers.failed}
              slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
              data-testid="notification-customer"
            >
              {customers.options.map((option) => (
                <MenuItem key={option.id || 'all'} value={option.id}>
                  {option.label}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          control={control}
          name="productID"
          render={({ field: { ref, value, onChange, onBlur, name }, fieldState: { error } }) => (
            <TextField
              select
              name={name}
              label="Products"
              value={value}
              inputRef={ref}
              onBlur={onBlur}
              onChange={(event) => onChange(event.target.value)}
              disabled={busy || customerId === ''}
              error={Boolean(error) || products.failed}
              helperText={
                error?.message ??
                (customerId === ''
                  ? 'Choose a customer to choose one of its products'
                  : products.failed
                    ? 'Failed to load the products of this customer'
                    : products.loading
                      ? 'Loading products…'
                      : undefined)
              }
              slotProps={{
                inputLabel: { shrink: true },
                select: { displayEmpty: true },
                // The hint of a disabled select stays readable (not the disabled grey).
                formHelperText: { sx: { '&.Mui-disabled:not(.Mui-error)': { color: 'text.secondary' } } },
              }}
              data-testid="notification-product"
            >
              {products.options.map((option) => (
                <MenuItem key={option.id || 'all'} value={option.id}>
                  {option.label}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Controller
            control={control}
            name="notificationText"
            render={({ field: { ref, ...field }, fieldState: { error } }) => (
              <TextField
                {...field}
                inputRef={ref}
                label="Notification Message"
                required
                multiline
                minRows={4}
                maxRows={12}
                fullWidth
                disabled={busy}
                error={Boolean(error)}
                helperText={error?.message ?? `${text.length}/${NOTIFICATION_TEXT_MAX}`}
                slotProps={{ htmlInput: { maxLength: NOTIFICATION_TEXT_MAX } }}
              />
            )}
          />
        </Box>
        <Box sx={{ gridColumn: '1 / -1', display: 'flex', flexWrap: 'wrap', gap: 1.5, justifyContent: 'flex-end' }}>
          <Button component={RouterLink} to={paths.app.notifications.getHref()} color="inherit" disabled={busy}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={!canSubmitNotification(text) || saved}
            loading={addNotification.isPending || updateNotification.isPending}
            sx={{ minWidth: 140 }}
            data-testid="notification-form-submit"
          >
            {submitLabel}
          </Button>
        </Box>
      </Box>
    </Paper>
  );
};
