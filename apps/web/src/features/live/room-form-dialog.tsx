import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { REGISTRATION_MAX_LENGTH, SESSION_NAME_MAX, stockDisplayName } from '@forecourt/contracts';
import { CompactFormDialog } from '../../components/compact-form-dialog';
import { useSnackbar } from '../../components/snackbar';
import { uses24h } from '../../i18n/date-format';
import { DateLocalization } from '../../components/date-localization';
import { createRoom, fetchOwners } from './live-api';
import { dateError, FORM_DATE, RoomForm, toUtcAppointment } from './room-form';
import { liveKeys } from './live-keys';
import { fieldErrorProps } from '../../lib/field-error';

const EMPTY: RoomForm = { owner: '', name: '', date: '', time: '', registration: '' };

/** The create-room dialog of spec section 2: owner, name, date, time, and the optional vehicle. */
export function RoomFormDialog({ open, onClose, userId }: { open: boolean; onClose: () => void; userId: string }) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const owners = useQuery({
    queryKey: liveKeys.owners(userId),
    queryFn: () => fetchOwners(userId),
    enabled: open,
    staleTime: 5 * 60_000,
  });
  const form = useForm<RoomForm>({
    resolver: zodResolver(
      RoomForm.superRefine((v, ctx) => {
        const err = dateError(v.date);
        if (err) ctx.addIssue({ code: 'custom', path: ['date'], message: err });
      }),
    ),
    defaultValues: EMPTY,
    mode: 'onTouched',
  });
  const { reset, setValue } = form;
  const ownerList = owners.data ?? [];
  const single = ownerList.length === 1 ? ownerList[0]!.id : null;
  useEffect(() => {
    if (open) reset(EMPTY);
  }, [open, reset]);
  // With a single owner it is chosen for the user (spec section 2).
  useEffect(() => {
    if (open && single) setValue('owner', single);
  }, [open, single, setValue]);

  const create = useMutation({
    mutationFn: (v: RoomForm) =>
      createRoom({
        session_name: v.name.trim(),
        user_id: userId,
        owner_id: v.owner,
        appointment_date: toUtcAppointment(v.date, v.time),
        ...(v.registration.trim() ? { registration: v.registration.trim().toUpperCase() } : {}),
      }),
    onSuccess: async () => {
      snackbar.show('api.createRoomLive', 'success');
      await queryClient.invalidateQueries({ queryKey: liveKeys.allRooms });
      onClose();
    },
    onError: (err: { details?: { field?: string } }) => {
      if (err.details?.field === 'registration')
        form.setError('registration', { message: 'rooms.form.unknownVehicle' });
      snackbar.show('api.createRoomLiveError');
    },
  });
  const ownersFailed = owners.isError || (owners.isSuccess && ownerList.length === 0);
  const err = fieldErrorProps(form.formState.errors, t, { name: { max: SESSION_NAME_MAX } });

  return (
    <CompactFormDialog
      open={open}
      onClose={onClose}
      busy={create.isPending}
      title={t('rooms.form.title')}
      maxWidth="xs"
      onSubmit={form.handleSubmit((v) => create.mutate(v))}
    >
      <DialogContent>
        {ownersFailed ? (
          <Alert severity="error" sx={{ mt: 1 }}>
            {t('rooms.form.ownersError')}
          </Alert>
        ) : (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Controller
              name="owner"
              control={form.control}
              render={({ field }) => (
                <TextField
                  {...field}
                  {...err('owner')}
                  select
                  label={t('rooms.form.owner')}
                  required
                  disabled={owners.isPending || single !== null}
                  fullWidth
                >
                  {ownerList.map((o) => (
                    <MenuItem key={o.id} value={o.id}>
                      {stockDisplayName(o)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <TextField
              {...form.register('name')}
              {...err('name')}
              label={t('rooms.form.name')}
              helperText={err('name').helperText ?? t('rooms.form.description')}
              required
              fullWidth
            />
            <DateLocalization>
              <Controller
                name="date"
                control={form.control}
                render={({ field, fieldState }) => (
                  <DatePicker
                    label={t('rooms.form.date')}
                    format={FORM_DATE}
                    minDate={dayjs().startOf('day')}
                    value={field.value ? dayjs(field.value, FORM_DATE, true) : null}
                    onChange={(v) => field.onChange(v ? (v.isValid() ? v.format(FORM_DATE) : 'invalid') : '')}
                    slotProps={{
                      textField: {
                        name: 'date',
                        required: true,
                        fullWidth: true,
                        onBlur: field.onBlur,
                        error: Boolean(fieldState.error),
                        helperText: fieldState.error?.message ? t(fieldState.error.message) : undefined,
                      },
                    }}
                  />
                )}
              />
              <Controller
                name="time"
                control={form.control}
                render={({ field, fieldState }) => (
                  <TimePicker
                    label={t('rooms.form.time')}
                    ampm={!uses24h(i18n.language)}
                    value={field.value ? dayjs(`2000-01-01T${field.value}`) : null}
                    onChange={(v) => field.onChange(v && v.isValid() ? v.format('HH:mm') : '')}
                    slotProps={{
                      textField: {
                        name: 'time',
                        required: true,
                        fullWidth: true,
                        onBlur: field.onBlur,
                        error: Boolean(fieldState.error),
                        helperText: fieldState.error?.message ? t(fieldState.error.message) : undefined,
                      },
                    }}
                  />
                )}
              />
            </DateLocalization>
            <TextField
              {...form.register('registration')}
              error={Boolean(form.formState.errors.registration)}
              label={t('rooms.form.registration')}
              helperText={
                form.formState.errors.registration?.message
                  ? t(form.formState.errors.registration.message, { max: REGISTRATION_MAX_LENGTH })
                  : t('rooms.form.registrationHelp')
              }
              fullWidth
            />
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={create.isPending}>
          {t('common.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          loading={create.isPending}
          disabled={ownersFailed || owners.isPending}
        >
          {t('rooms.form.create')}
        </Button>
      </DialogActions>
    </CompactFormDialog>
  );
}
