import { ACCOUNT_LANGUAGES, SETUP_PASSWORD_MIN_LENGTH, type AccountLanguage } from '@forecourt/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/http';
import { LAST_EMAIL_STORAGE_KEY } from '../../auth/session';
import { BusySubmitButton } from '../../components/busy-submit-button';
import { CenteredPage } from '../../components/centered-page';
import { ForecourtLogo } from '../../components/forecourt-logo';
import { LanguageSelect } from '../../components/language-select';
import { LANGUAGE_NAMES } from '../../i18n/languages';
import { NotFoundPage } from '../not-found/not-found-page';
import { checkSetupCode, completeSetup, getSetupStatus } from './setup-api';
import { setupErrorKey } from './setup-errors';

type Step = 'loading' | 'gone' | 'failed' | 'code' | 'account' | 'done';

const LOOSE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/**
 * /setup (public, first run only): the one-time code the server printed, then the service provider's own
 * dealer group and its first provider administrator. Once set up, the server answers 404 and so does the page.
 */
export function SetupPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>('loading');
  const [externalDomains, setExternalDomains] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [form, setForm] = useState({
    groupName: '',
    givenName: '',
    familyName: '',
    email: '',
    locale: (ACCOUNT_LANGUAGES as readonly string[]).includes(i18n.language) ? i18n.language : 'en',
    password: '',
    confirm: '',
  });
  const [touched, setTouched] = useState(false);
  // Each step replaces the form that had the focus: the next one's first control takes it.
  const firstField = useRef<HTMLInputElement>(null);
  const signInButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (step === 'account') firstField.current?.focus();
    if (step === 'done') signInButton.current?.focus();
  }, [step]);

  useEffect(() => {
    getSetupStatus().then(
      (status) => {
        setExternalDomains(status.externalDomains);
        setStep('code');
      },
      (err: unknown) => setStep(err instanceof ApiError && err.status === 404 ? 'gone' : 'failed'),
    );
  }, []);

  if (step === 'gone')
    return (
      <Box component="main">
        <NotFoundPage />
      </Box>
    );

  const external = LOOSE_EMAIL.test(form.email) && externalDomains.includes(domainOf(form.email));
  const fieldErrors: Partial<Record<keyof typeof form, string>> = {
    groupName: form.groupName.trim() ? undefined : 'setup.required',
    givenName: form.givenName.trim() ? undefined : 'setup.required',
    familyName: form.familyName.trim() ? undefined : 'setup.required',
    email: LOOSE_EMAIL.test(form.email.trim()) ? undefined : 'common.emailFormat',
    password: external || form.password.length >= SETUP_PASSWORD_MIN_LENGTH ? undefined : 'setup.passwordTooShort',
    confirm: external || form.confirm === form.password ? undefined : 'setup.passwordsDiffer',
  };
  const invalid = Object.values(fieldErrors).some(Boolean);
  const shown = (name: keyof typeof form) => (touched ? fieldErrors[name] : undefined);
  const helper = (name: keyof typeof form, hint = ' ') => {
    const key = shown(name);
    return key ? t(key, { count: SETUP_PASSWORD_MIN_LENGTH }) : hint;
  };

  const run = async (work: () => Promise<void>) => {
    setError(null);
    setBusy(true);
    try {
      await work();
    } catch (err) {
      const key = setupErrorKey(err);
      if (key === 'setup.alreadyDone') setStep('gone');
      setError(key);
    }
    setBusy(false);
  };

  const onCode = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim() || busy) return;
    void run(async () => {
      await checkSetupCode(code);
      setStep('account');
    });
  };

  const onAccount = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (invalid || busy) return;
    void run(async () => {
      const email = form.email.trim().toLowerCase();
      await completeSetup({
        code,
        groupName: form.groupName,
        givenName: form.givenName,
        familyName: form.familyName,
        email,
        locale: form.locale as AccountLanguage,
        password: external ? undefined : form.password,
      });
      localStorage.setItem(LAST_EMAIL_STORAGE_KEY, email);
      setStep('done');
    });
  };

  const field = (name: keyof typeof form) => ({
    name,
    value: form[name],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [name]: e.target.value })),
    error: Boolean(shown(name)),
    fullWidth: true,
  });

  return (
    <CenteredPage>
      <Paper elevation={3} sx={{ p: { xs: 2.5, sm: 4 }, width: '100%', maxWidth: 520 }}>
        <Stack spacing={3}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <ForecourtLogo size={48} />
            <Typography variant="h5" component="h1">
              {t('setup.title')}
            </Typography>
          </Stack>
          {step === 'loading' && (
            <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
              <CircularProgress aria-label={t('common.loading')} />
            </Box>
          )}
          {step === 'failed' && <Alert severity="error">{t('api.commonError')}</Alert>}

          {step === 'code' && (
            <StepForm id="setup-code-title" title={t('setup.codeTitle')} intro={t('setup.codeIntro')} onSubmit={onCode}>
              <TextField
                label={t('setup.code')}
                name="code"
                value={code}
                onChange={(e) => setCode(e.target.value)}
                autoComplete="one-time-code"
                required
                slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false } }}
                helperText={t('setup.codeHelp')}
              />
              {error && <Alert severity="error">{t(error)}</Alert>}
              <BusySubmitButton label={t('setup.continue')} busy={busy} disabled={!code.trim() || busy} />
            </StepForm>
          )}

          {step === 'account' && (
            <StepForm
              id="setup-account-title"
              title={t('setup.accountTitle')}
              intro={t('setup.accountIntro')}
              onSubmit={onAccount}
            >
              <TextField
                {...field('groupName')}
                inputRef={firstField}
                label={t('setup.groupName')}
                required
                helperText={helper('groupName', t('setup.groupNameHelp'))}
              />
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField
                  {...field('givenName')}
                  label={t('setup.givenName')}
                  required
                  autoComplete="given-name"
                  helperText={helper('givenName')}
                />
                <TextField
                  {...field('familyName')}
                  label={t('setup.familyName')}
                  required
                  autoComplete="family-name"
                  helperText={helper('familyName')}
                />
              </Stack>
              <TextField
                {...field('email')}
                label={t('setup.email')}
                type="email"
                required
                autoComplete="username"
                helperText={helper(
                  'email',
                  external ? t('setup.externalProvider', { domain: domainOf(form.email) }) : ' ',
                )}
              />
              <TextField {...field('locale')} select label={t('setup.language')} helperText=" ">
                {ACCOUNT_LANGUAGES.map((lang) => (
                  <MenuItem key={lang} value={lang}>
                    {LANGUAGE_NAMES[lang]}
                  </MenuItem>
                ))}
              </TextField>
              {!external && (
                <>
                  <TextField
                    {...field('password')}
                    label={t('setup.password')}
                    type="password"
                    required
                    autoComplete="new-password"
                    helperText={helper('password', t('setup.passwordTooShort', { count: SETUP_PASSWORD_MIN_LENGTH }))}
                  />
                  <TextField
                    {...field('confirm')}
                    label={t('setup.confirm')}
                    type="password"
                    required
                    autoComplete="new-password"
                    helperText={helper('confirm')}
                  />
                </>
              )}
              {error && <Alert severity="error">{t(error)}</Alert>}
              <BusySubmitButton label={t('setup.create')} busy={busy} disabled={busy} />
            </StepForm>
          )}

          {step === 'done' && (
            <Stack spacing={2}>
              <Alert severity="success">{t(external ? 'setup.doneExternal' : 'setup.done')}</Alert>
              <Button ref={signInButton} variant="contained" size="large" onClick={() => void navigate('/login')}>
                {t('setup.signIn')}
              </Button>
            </Stack>
          )}
          <LanguageSelect />
        </Stack>
      </Paper>
    </CenteredPage>
  );
}

/** One step of /setup: a form headed by its title (which names it) and a line on what it asks. */
function StepForm(props: {
  id: string;
  title: string;
  intro: string;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={props.onSubmit} aria-labelledby={props.id}>
      <Typography variant="h6" component="h2" id={props.id}>
        {props.title}
      </Typography>
      <Typography color="text.secondary">{props.intro}</Typography>
      {props.children}
    </Stack>
  );
}
