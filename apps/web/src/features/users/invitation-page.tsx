import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { PASSWORD_MIN_LENGTH } from '@forecourt/contracts/user-board';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { LAST_EMAIL_STORAGE_KEY } from '../../auth/session';
import { acceptInvitation, fetchInvitation } from './users-api';

/** /invitation/{token} (public): the invitee chooses a password on the embedded provider, then signs in. */
export function InvitationPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [touched, setTouched] = useState(false);
  const info = useQuery({ queryKey: ['invitation', token], queryFn: () => fetchInvitation(token), retry: false });
  const accept = useMutation({
    mutationFn: () => acceptInvitation(token, password),
    onSuccess: ({ email }) => localStorage.setItem(LAST_EMAIL_STORAGE_KEY, email),
  });
  const tooShort = password.length < PASSWORD_MIN_LENGTH;
  const mismatch = password !== confirm;

  return (
    <Container maxWidth="sm" sx={{ py: 4 }}>
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
          {t('users.invitation.title')}
        </Typography>
        {info.isPending && <CircularProgress aria-label={t('common.loading')} />}
        {(info.isError || accept.isError) && <Alert severity="error">{t('users.invitation.invalid')}</Alert>}
        {accept.isSuccess && (
          <Box sx={{ display: 'grid', gap: 2 }}>
            <Alert severity="success" role="status">
              {t('users.invitation.done')}
            </Alert>
            <Button variant="contained" component={RouterLink} to="/login" data-testid="invitation-sign-in">
              {t('users.invitation.signIn')}
            </Button>
          </Box>
        )}
        {info.data && !accept.isSuccess && !accept.isError && (
          <Box
            component="form"
            noValidate
            sx={{ display: 'grid', gap: 2 }}
            onSubmit={(e) => {
              e.preventDefault();
              setTouched(true);
              if (!tooShort && !mismatch) accept.mutate();
            }}
          >
            <Typography>
              {t('users.invitation.intro', { name: info.data.givenName, email: info.data.email })}
            </Typography>
            {/* The e-mail, for the browser's password manager. */}
            <input type="hidden" name="username" autoComplete="username" value={info.data.email} />
            <TextField
              type="password"
              label={t('users.invitation.password')}
              value={password}
              required
              onChange={(e) => setPassword(e.target.value)}
              error={touched && tooShort}
              helperText={
                touched && tooShort
                  ? t('users.invitation.tooShort', { count: PASSWORD_MIN_LENGTH })
                  : t('users.invitation.help', { count: PASSWORD_MIN_LENGTH })
              }
              slotProps={{ htmlInput: { autoComplete: 'new-password', 'data-testid': 'invitation-password' } }}
            />
            <TextField
              type="password"
              label={t('users.invitation.confirm')}
              value={confirm}
              required
              onChange={(e) => setConfirm(e.target.value)}
              error={touched && mismatch}
              helperText={touched && mismatch ? t('users.invitation.mismatch') : undefined}
              slotProps={{ htmlInput: { autoComplete: 'new-password', 'data-testid': 'invitation-confirm' } }}
            />
            <Button type="submit" variant="contained" disabled={accept.isPending}>
              {t('users.invitation.submit')}
            </Button>
          </Box>
        )}
      </Paper>
    </Container>
  );
}
