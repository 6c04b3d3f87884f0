import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import FormControl from '@mui/material/FormControl';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { HABILITATIONS } from '@forecourt/contracts/enums';
import {
  MANAGE_USERS_ROLE,
  type BoardGrants,
  type BoardUser,
  type BoardUserOptions,
  type BoardUserUpdate,
} from '@forecourt/contracts/user-board';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { boardErrorKey } from './board-errors';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormDialog } from '../../components/form-dialog';
import {
  ModelsFieldset,
  OptionsFieldset,
  RightCheckbox,
  RolesFieldset,
  StocksFieldset,
  toggle,
} from '../../components/rights-fields';
import { useAuth } from '../../auth/auth-context';
import { useSnackbar } from '../../components/snackbar';
import { dateTimeFormat } from '../../i18n/date-format';
import { LANGUAGE_NAMES, LANGUAGES } from '../../i18n/languages';
import { fetchGrants, fetchUser, inviteUser, updateUser, userAction, type AccountAction } from './users-api';

interface Form {
  email: string;
  givenName: string;
  familyName: string;
  locale: string;
  roles: string[];
  habilitations: string[];
  models: string[];
  options: BoardUserOptions;
  ownerIds: string[];
}

const formOf = (u: BoardUser | undefined, locale: string): Form => ({
  email: u?.email ?? '',
  givenName: u?.givenName ?? '',
  familyName: u?.familyName ?? '',
  locale: u?.locale ?? locale,
  roles: u?.roles ?? [],
  habilitations: u?.habilitations ?? [],
  models: u?.models ?? [],
  options: u?.options ?? {},
  ownerIds: u?.ownerIds ?? [],
});

/**
 * What an invitation form starts with: a manager of the group gets the role manage-users, all its stocks, and
 * the models and options the inviter holds, since a manager gives their users only what they hold themselves.
 */
export type InvitePreset = 'manager';

/**
 * Invites a user (userId null) or edits one: names, language, roles, models, options and stocks, in the
 * board's group (`group`, a provider administrator's choice; the caller's own when undefined).
 */
export function UserDialog(props: {
  userId: string | null;
  group?: string;
  preset?: InvitePreset;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const grants = useQuery({ queryKey: ['user-board-grants', props.group], queryFn: () => fetchGrants(props.group) });
  const user = useQuery({
    queryKey: ['user-board-user', props.group, props.userId],
    queryFn: () => fetchUser(props.userId!, props.group),
    enabled: Boolean(props.userId),
  });
  const ready = grants.data && (!props.userId || user.data);
  return ready ? (
    <UserForm grants={grants.data} user={user.data} group={props.group} preset={props.preset} onClose={props.onClose} />
  ) : (
    <Dialog open onClose={props.onClose} aria-busy="true" aria-label={t('common.loading')}>
      <DialogContent>
        {grants.isError || user.isError ? (
          <Alert severity="error">{t('api.commonError')}</Alert>
        ) : (
          <CircularProgress aria-label={t('common.loading')} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function UserForm(props: {
  grants: BoardGrants;
  user: BoardUser | undefined;
  group: string | undefined;
  preset: InvitePreset | undefined;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const formId = useId();
  const { grants, user, group } = props;
  // One's own account is not offered for deactivation (the server refuses it too).
  const ownId = (useAuth().user?.profile as { preferred_username?: string } | undefined)?.preferred_username;
  const [form, setForm] = useState<Form>(() => {
    const start = formOf(user, i18n.language);
    return !user && props.preset === 'manager'
      ? {
          ...start,
          roles: [MANAGE_USERS_ROLE],
          models: grants.models,
          options: grants.options,
          ownerIds: grants.stocks.map((s) => s.id),
        }
      : start;
  });
  const [touched, setTouched] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));

  const refresh = async (saved?: BoardUser) => {
    await queryClient.invalidateQueries({ queryKey: ['user-board'] });
    if (saved) queryClient.setQueryData(['user-board-user', group, saved.id], saved);
  };
  const save = useMutation({
    mutationFn: () => {
      // The lists hold only the values the form offers; the server checks them again with the same schema.
      const { email, ...rest } = form;
      const rights: BoardUserUpdate = {
        ...rest,
        locale: rest.locale as BoardUserUpdate['locale'],
        habilitations: rest.habilitations as BoardUserUpdate['habilitations'],
        models: rest.models as BoardUserUpdate['models'],
      };
      return user ? updateUser(user.id, rights, group) : inviteUser({ ...rights, email }, group);
    },
    onSuccess: async (saved) => {
      await refresh(saved);
      snackbar.show(user ? 'users.saved' : 'users.invited', 'success');
      props.onClose();
    },
    onError: (err) => snackbar.show(boardErrorKey(err)),
  });
  const act = useMutation({
    mutationFn: (action: AccountAction) => userAction(user!.id, action, group),
    onSuccess: async (saved, action) => {
      setConfirming(false);
      await refresh(saved);
      snackbar.show(
        {
          invitation: 'users.resent',
          deactivate: 'users.deactivated',
          reactivate: 'users.reactivated',
          'password-reset': 'adminMessages.resetSent',
        }[action],
        'success',
      );
      props.onClose();
    },
    onError: (err) => {
      setConfirming(false);
      snackbar.show(boardErrorKey(err));
    },
  });

  const emailOk = /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(form.email.trim());
  const missing = (v: string) => touched && !v.trim();
  const submit = () => {
    setTouched(true);
    if (!form.givenName.trim() || !form.familyName.trim() || (!user && !emailOk)) return;
    save.mutate();
  };
  const roles = [...new Set([...grants.roles, ...form.roles])];
  const name = user ? `${user.givenName} ${user.familyName}` : '';
  const busy = save.isPending || act.isPending;

  const actions = (
    <>
      {user && user.status === 'INVITED' && (
        <Button onClick={() => act.mutate('invitation')} disabled={busy}>
          {t('users.resend')}
        </Button>
      )}
      {user && user.status === 'ACTIVE' && user.signIn === 'EMBEDDED' && (
        // The way back in for a user who forgot their password: a one-time link by e-mail.
        <Button onClick={() => act.mutate('password-reset')} disabled={busy}>
          {t('adminMessages.resetLink')}
        </Button>
      )}
      {user && user.status !== 'DEACTIVATED' && user.id !== ownId && (
        <Button color="error" onClick={() => setConfirming(true)} disabled={busy}>
          {t('users.deactivate')}
        </Button>
      )}
      {user && user.status === 'DEACTIVATED' && (
        <Button onClick={() => act.mutate('reactivate')} disabled={busy}>
          {t('users.reactivate')}
        </Button>
      )}
      <Box sx={{ flexGrow: 1 }} />
      <Button onClick={props.onClose} disabled={busy}>
        {t('users.cancel')}
      </Button>
      <Button variant="contained" type="submit" form={formId} disabled={busy} data-testid="user-save">
        {user ? t('users.save') : t('users.sendInvite')}
      </Button>
    </>
  );

  return (
    <>
      <FormDialog
        formId={formId}
        title={user ? t('users.editTitle') : t('users.inviteTitle')}
        busy={busy}
        onClose={props.onClose}
        onSubmit={submit}
        actions={actions}
        actionsSx={{ flexWrap: 'wrap', gap: 1 }}
      >
        {user?.status === 'INVITED' && user.invitationExpiresAt && (
          <Alert severity="info">
            {t('users.invitationPending', {
              date: dayjs(user.invitationExpiresAt).format(dateTimeFormat(i18n.language)),
            })}
          </Alert>
        )}
        <Box
          component="fieldset"
          sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
        >
          <Typography component="legend" variant="h6" sx={{ mb: 1 }}>
            {t('users.identity')}
          </Typography>
          <TextField
            label={t('users.email')}
            type="email"
            required
            value={form.email}
            disabled={Boolean(user)}
            onChange={(e) => set('email', e.target.value)}
            error={touched && !user && !emailOk}
            helperText={touched && !user && !emailOk ? t('users.errors.email') : undefined}
            sx={{ gridColumn: { sm: '1 / -1' } }}
            slotProps={{ htmlInput: { 'data-testid': 'user-email' } }}
          />
          <TextField
            label={t('users.givenName')}
            required
            value={form.givenName}
            onChange={(e) => set('givenName', e.target.value)}
            error={missing(form.givenName)}
            helperText={missing(form.givenName) ? t('users.errors.required') : undefined}
            slotProps={{ htmlInput: { 'data-testid': 'user-given-name', maxLength: 100 } }}
          />
          <TextField
            label={t('users.familyName')}
            required
            value={form.familyName}
            onChange={(e) => set('familyName', e.target.value)}
            error={missing(form.familyName)}
            helperText={missing(form.familyName) ? t('users.errors.required') : undefined}
            slotProps={{ htmlInput: { 'data-testid': 'user-family-name', maxLength: 100 } }}
          />
          <TextField
            select
            label={t('users.language')}
            value={form.locale}
            onChange={(e) => set('locale', e.target.value)}
          >
            {LANGUAGES.map((lang) => (
              <MenuItem key={lang} value={lang} lang={lang}>
                {LANGUAGE_NAMES[lang]}
              </MenuItem>
            ))}
          </TextField>
        </Box>

        <RolesFieldset roles={roles} value={form.roles} held={grants} onChange={(v) => set('roles', v)} />

        <FormControl component="fieldset">
          <FormLabel component="legend">{t('users.habilitations')}</FormLabel>
          <FormGroup>
            {HABILITATIONS.map((h) => (
              <RightCheckbox
                key={h}
                label={t(`adminMessages.habilitation.${h}.name`)}
                help={t(`adminMessages.habilitation.${h}.help`)}
                checked={form.habilitations.includes(h)}
                held={grants.setsHabilitations}
                onChange={(on) => set('habilitations', toggle(form.habilitations, h, on))}
              />
            ))}
          </FormGroup>
          {!grants.setsHabilitations && <FormHelperText>{t('users.habilitationsHelp')}</FormHelperText>}
        </FormControl>

        <ModelsFieldset value={form.models} held={grants} onChange={(v) => set('models', v)} />

        <OptionsFieldset value={form.options} held={grants} onChange={(v) => set('options', v)} />

        <StocksFieldset
          stocks={grants.stocks}
          value={form.ownerIds}
          onChange={(v) => set('ownerIds', v)}
          help={t('users.stocksHelp')}
        />
      </FormDialog>
      {user && (
        <ConfirmDialog
          open={confirming}
          title={t('users.deactivateTitle')}
          text={t('users.deactivateText', { name })}
          cancelLabel={t('users.cancel')}
          confirmLabel={t('users.deactivate')}
          busy={act.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() => act.mutate('deactivate')}
        />
      )}
    </>
  );
}
