import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { useAuth } from '../../auth/auth-context';
import { useSnackbar } from '../../components/snackbar';
import { changeLanguage } from '../../i18n/i18n';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES, type Language } from '../../i18n/languages';
import { isNonLegacy } from '../../lib/non-legacy-account';
import { fetchAccount, saveLanguage } from './account-api';
import { accountKeys } from './account-keys';

/** /account (non-legacy accounts, spec section 2): the user's profile, language and identity account page. */
export function AccountPage() {
  const { t, i18n } = useTranslation();
  const { user } = useAuth();
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const ids = { language: useId(), help: useId() };
  const account = useQuery({ queryKey: accountKeys.account(), queryFn: fetchAccount });
  const language = useMutation({
    mutationFn: async (lang: Language) => {
      // The screen switches at once and the choice is kept in local storage even if the server fails.
      await changeLanguage(lang);
      await saveLanguage(lang);
    },
    onSuccess: () => {
      snackbar.show('account.languageSaved', 'success');
      void queryClient.invalidateQueries({ queryKey: accountKeys.account() });
    },
    onError: () => snackbar.show('account.languageError'),
  });

  if (!isNonLegacy(user?.profile.preferred_username ?? '')) return <Navigate to="/" replace />;
  const data = account.data;
  const current = isLanguage(i18n.language) ? i18n.language : 'fr';

  return (
    <Container maxWidth="md" sx={{ py: 3 }}>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {t('account.title')}
      </Typography>
      {account.isPending && (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label={t('common.loading')} />
        </Box>
      )}
      {account.isError && <Alert severity="error">{t('api.commonError')}</Alert>}
      {data && (
        <Box sx={{ display: 'grid', gap: 3 }}>
          <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby={`${ids.help}-profile`}>
            <Typography variant="h6" component="h2" id={`${ids.help}-profile`} sx={{ mb: 1 }}>
              {t('account.profile')}
            </Typography>
            <Box
              component="dl"
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
                columnGap: 3,
                rowGap: 1,
                m: 0,
              }}
              data-testid="account-profile"
            >
              {(
                [
                  ['name', data.fullName],
                  ['email', data.email],
                  ['group', data.group.name],
                ] as const
              ).map(([key, value]) => (
                <Box key={key} sx={{ display: 'contents' }}>
                  <Typography component="dt" color="text.secondary">
                    {t(`account.${key}`)}
                  </Typography>
                  <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }} data-field={key}>
                    {value}
                  </Typography>
                </Box>
              ))}
              <Typography component="dt" color="text.secondary">
                {t('account.stocks')}
              </Typography>
              <Box component="dd" sx={{ m: 0 }}>
                <Box component="ul" sx={{ m: 0, pl: 2.5 }} data-field="stocks">
                  {data.stocks.map((s) => (
                    <li key={s.ownerId}>{s.name}</li>
                  ))}
                </Box>
              </Box>
            </Box>
          </Paper>

          <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby={`${ids.help}-language`}>
            <Typography variant="h6" component="h2" id={`${ids.help}-language`} sx={{ mb: 2 }}>
              {t('account.languageTitle')}
            </Typography>
            <FormControl size="small" sx={{ minWidth: 220 }}>
              <InputLabel htmlFor={ids.language}>{t('shell.language')}</InputLabel>
              <NativeSelect
                input={<OutlinedInput label={t('shell.language')} />}
                value={current}
                disabled={language.isPending}
                inputProps={
                  { id: ids.language, 'aria-describedby': ids.help, 'data-testid': 'account-language' } as object
                }
                onChange={(e) => language.mutate(e.target.value as Language)}
              >
                {LANGUAGES.map((lang) => (
                  <option key={lang} value={lang} lang={lang}>
                    {LANGUAGE_NAMES[lang]}
                  </option>
                ))}
              </NativeSelect>
              <FormHelperText id={ids.help}>{t('account.languageHelp')}</FormHelperText>
            </FormControl>
          </Paper>

          {data.identityAccountUrl && (
            <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby={`${ids.help}-identity`}>
              <Typography variant="h6" component="h2" id={`${ids.help}-identity`} sx={{ mb: 1 }}>
                {t('account.identityTitle')}
              </Typography>
              <Typography sx={{ mb: 2 }}>{t('account.identityText')}</Typography>
              <Button
                variant="outlined"
                href={data.identityAccountUrl}
                target="_blank"
                rel="noopener noreferrer"
                endIcon={<OpenInNewIcon />}
                aria-label={t('shell.opensInNewTab', { name: t('account.identityLink') })}
                data-testid="identity-account-link"
              >
                {t('account.identityLink')}
              </Button>
            </Paper>
          )}
        </Box>
      )}
    </Container>
  );
}
