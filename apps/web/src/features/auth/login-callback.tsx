import { Alert, Box, Button } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { FullPageLoader } from '../../components/full-page-loader';
import { NO_DOMAIN_RULE } from '@forecourt/contracts/federation';
import { ApiError, request } from '../../api/http';
import { userManager } from '../../auth/session';

/** Whether the server refused this first sign-in because its e-mail domain has no sign-in rule. */
async function refusedForNoRule(): Promise<boolean> {
  try {
    await request('/api/users/me');
    return false;
  } catch (err) {
    return err instanceof ApiError && (err.details as { reason?: unknown } | undefined)?.reason === NO_DOMAIN_RULE;
  }
}

/** Where the provider sends the browser back with the authorization code. */
export function LoginCallback() {
  const navigate = useNavigate();
  const { t } = useTranslation();
  const [failed, setFailed] = useState<false | 'error' | 'noRule'>(false);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const loading = userManager();
    if (!loading) {
      navigate('/login', { replace: true });
      return;
    }
    // An external provider's new address is refused by the server when its domain has no sign-in rule:
    // say so here, and forget the tokens, rather than open a portal that answers nothing.
    loading
      .then(async (mgr) => {
        await mgr.signinRedirectCallback();
        if (!(await refusedForNoRule())) return window.location.replace('/shootings');
        await mgr.removeUser();
        setFailed('noRule');
      })
      .catch(() => setFailed('error'));
  }, [navigate]);
  if (!failed) return <FullPageLoader />;
  return (
    <Box sx={{ p: 4, maxWidth: 480, mx: 'auto' }}>
      <Alert severity="error">{t(failed === 'noRule' ? 'auth.noDomainRule' : 'api.commonError')}</Alert>
      <Button sx={{ mt: 2 }} variant="contained" onClick={() => navigate('/login', { replace: true })}>
        {t('common.backToLogin')}
      </Button>
    </Box>
  );
}
