import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, CircularProgress, Link, Paper, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import * as z from 'zod/mini';
import { ApiError } from '../../api/http';
import { useAuth } from '../../auth/auth-context';
import { FullPageLoader } from '../../auth/require-auth';
import { LAST_EMAIL_STORAGE_KEY } from '../../auth/session';
import { ForecourtLogo } from '../../components/forecourt-logo';
import { LanguageSelect } from '../shell/language-select';
import { lookupIdentityProvider } from './identity-api';

// zod/mini keeps the login page's first load small; messages are translation keys.
const LoginForm = z.object({
  email: z.string().check(z.trim(), z.minLength(1, { error: 'common.emailRequired' }), z.regex(z.regexes.email, { error: 'common.emailFormat' })),
});
type LoginForm = z.infer<typeof LoginForm>;

/**
 * /login (spec sections 2, 4, 5): the e-mail, looked up for its identity provider, remembered, then the
 * redirect to that provider with the e-mail and the language as hints.
 */
export function LoginPage() {
  const { t, i18n } = useTranslation();
  const { ready, isAuthenticated, signIn } = useAuth();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<LoginForm>({
    resolver: zodResolver(LoginForm),
    mode: 'onChange',
    defaultValues: { email: localStorage.getItem(LAST_EMAIL_STORAGE_KEY) ?? '' },
  });
  const { errors, isValid, isSubmitting } = form.formState;

  if (!ready) return <FullPageLoader />;
  if (isAuthenticated) return <Navigate to="/shootings" replace />;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setError(null);
    try {
      const provider = await lookupIdentityProvider(email);
      localStorage.setItem(LAST_EMAIL_STORAGE_KEY, email);
      await signIn(email, provider, i18n.language);
    } catch (err) {
      const reason = err instanceof ApiError ? (err.details as { reason?: string } | undefined)?.reason : undefined;
      setError(reason === 'UNKNOWN_EMAIL' ? 'login.unknownEmail' : reason === 'EMAIL_FORMAT' ? 'common.emailFormat' : 'api.commonError');
    }
  });

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2, bgcolor: 'background.default' }}>
      <Paper sx={{ p: 4, width: '100%', maxWidth: 420 }} elevation={3}>
        <Stack spacing={3} component="form" noValidate onSubmit={onSubmit}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
              <ForecourtLogo size={48} />
              <Typography variant="h5" component="h1">
                {t('login.title')}
              </Typography>
            </Stack>
          </Stack>
          <Typography color="text.secondary">{t('login.intro')}</Typography>
          <TextField
            label={t('login.email')}
            type="email"
            autoComplete="username"
            required
            error={Boolean(errors.email)}
            helperText={errors.email?.message ? t(errors.email.message) : ' '}
            {...form.register('email')}
          />
          {error && <Alert severity="error">{t(error)}</Alert>}
          <Button type="submit" variant="contained" size="large" disabled={!isValid || isSubmitting}>
            {isSubmitting ? <CircularProgress size={24} color="inherit" aria-label={t('common.loading')} /> : t('login.submit')}
          </Button>
          <LanguageSelect />
          <Box component="details" sx={{ color: 'text.secondary', fontSize: 14 }}>
            <Box component="summary" sx={{ cursor: 'pointer' }}>
              {t('login.helpTitle')}
            </Box>
            <ul>
              <li>{t('login.helpBrowsers')}</li>
              <li>{t('login.helpMeetings')}</li>
              <li>{t('login.helpMobile')}</li>
            </ul>
          </Box>
          <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', fontSize: 14 }}>
            <Link href="/legal-notice">{t('shell.legalNotice')}</Link>
            <Link href="/terms-of-service">{t('shell.termsOfService')}</Link>
            <Link href="/privacy-policy">{t('shell.privacyPolicy')}</Link>
          </Stack>
        </Stack>
      </Paper>
    </Box>
  );
}
