import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { ApiError } from '../../api/http';
import { useAuth } from '../../auth/auth-context';
import { FullPageLoader } from '../../components/full-page-loader';
import { LAST_EMAIL_STORAGE_KEY } from '../../auth/session';
import { BusySubmitButton } from '../../components/busy-submit-button';
import { CenteredPage } from '../../components/centered-page';
import { ForecourtLogo } from '../../components/forecourt-logo';
import { LanguageSelect } from '../../components/language-select';
import { lookupIdentityProvider } from './identity-api';
import { checkLoginEmail } from './login-email';

// The alert (with its icons and close button) is fetched with the first error, not with the page.
const Alert = lazy(() => import('@mui/material/Alert'));

// MUI's Link as it draws by default (primary colour, underline at 40 %), on the Typography the page has
// anyway rather than Link's own styles.
const linkSx = {
  color: 'primary.main',
  textDecoration: 'underline',
  textDecorationColor: (theme: Theme) => theme.alpha(theme.palette.primary.main, 0.4),
  '&:hover': { textDecorationColor: 'inherit' },
} as const;

const paperSx = {
  p: 4,
  width: '100%',
  maxWidth: 420,
  bgcolor: 'background.paper',
  color: 'text.primary',
  borderRadius: 1,
  boxShadow: 3,
  backgroundImage: (theme: Theme) =>
    theme.palette.mode === 'dark' ? 'linear-gradient(rgba(255, 255, 255, 0.082), rgba(255, 255, 255, 0.082))' : 'none',
} as const;

/**
 * /login (spec sections 2, 4, 5): the e-mail, looked up for its identity provider, remembered, then the
 * redirect to that provider with the e-mail and the language as hints. Its one field is checked as the
 * user types, without a form library: the login page is the lightest first load of the portal.
 */
export function LoginPage() {
  const { t, i18n } = useTranslation();
  const { ready, isAuthenticated, signIn } = useAuth();
  const inputId = useId();
  const [value, setValue] = useState(() => localStorage.getItem(LAST_EMAIL_STORAGE_KEY) ?? '');
  // As the form did with validation on change: the rule's message shows once the user has typed.
  const [touched, setTouched] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const check = checkLoginEmail(value);
  const fieldError = touched ? check.error : null;

  if (!ready) return <FullPageLoader />;
  if (isAuthenticated) return <Navigate to="/shootings" replace />;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (check.error || isSubmitting) return;
    const { email } = check;
    setError(null);
    setSubmitting(true);
    try {
      const provider = await lookupIdentityProvider(email);
      localStorage.setItem(LAST_EMAIL_STORAGE_KEY, email);
      await signIn(email, provider, i18n.language);
    } catch (err) {
      const reason = err instanceof ApiError ? (err.details as { reason?: string } | undefined)?.reason : undefined;
      setError(
        reason === 'UNKNOWN_EMAIL'
          ? 'login.unknownEmail'
          : reason === 'EMAIL_FORMAT'
            ? 'common.emailFormat'
            : 'api.commonError',
      );
    }
    setSubmitting(false);
  };

  return (
    <CenteredPage>
      {/* Drawn as MUI's Paper at elevation 3 draws it (with its overlay in the dark theme): Paper itself would
          join the first load of every route, for this one card. */}
      <Box sx={paperSx}>
        <Box
          component="form"
          noValidate
          onSubmit={(e) => void onSubmit(e)}
          sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}
        >
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', justifyContent: 'space-between' }}>
            <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
              <ForecourtLogo size={48} />
              <Typography variant="h5" component="h1">
                {t('login.title')}
              </Typography>
            </Box>
          </Box>
          <Typography color="text.secondary">{t('login.intro')}</Typography>
          <FormControl required error={Boolean(fieldError)} variant="outlined">
            <InputLabel htmlFor={inputId}>{t('login.email')}</InputLabel>
            <OutlinedInput
              id={inputId}
              label={t('login.email')}
              type="email"
              name="email"
              autoComplete="username"
              value={value}
              onChange={(e) => {
                setValue(e.target.value);
                setTouched(true);
              }}
              aria-describedby={`${inputId}-helper`}
            />
            <FormHelperText id={`${inputId}-helper`}>{fieldError ? t(fieldError) : ' '}</FormHelperText>
          </FormControl>
          {error && (
            <Suspense fallback={null}>
              <Alert severity="error">{t(error)}</Alert>
            </Suspense>
          )}
          <BusySubmitButton
            label={t('login.submit')}
            busy={isSubmitting}
            disabled={Boolean(check.error) || isSubmitting}
          />
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
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', fontSize: 14 }}>
            <Typography component="a" variant="inherit" href="/legal-notice" sx={linkSx}>
              {t('shell.legalNotice')}
            </Typography>
            <Typography component="a" variant="inherit" href="/terms-of-service" sx={linkSx}>
              {t('shell.termsOfService')}
            </Typography>
            <Typography component="a" variant="inherit" href="/privacy-policy" sx={linkSx}>
              {t('shell.privacyPolicy')}
            </Typography>
          </Box>
        </Box>
      </Box>
    </CenteredPage>
  );
}
