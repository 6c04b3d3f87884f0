import { Alert, Box, Button } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { FullPageLoader } from '../../components/full-page-loader';
import { userManager } from '../../auth/session';

/** Where the provider sends the browser back with the authorization code. */
export function LoginCallback() {
  const navigate = useNavigate();
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const loading = userManager();
    if (!loading) {
      navigate('/login', { replace: true });
      return;
    }
    loading
      .then((mgr) => mgr.signinRedirectCallback())
      .then(() => window.location.replace('/shootings'))
      .catch(() => setFailed(true));
  }, [navigate]);
  if (!failed) return <FullPageLoader />;
  return (
    <Box sx={{ p: 4, maxWidth: 480, mx: 'auto' }}>
      <Alert severity="error">{t('api.commonError')}</Alert>
      <Button sx={{ mt: 2 }} variant="contained" onClick={() => navigate('/login', { replace: true })}>
        {t('common.backToLogin')}
      </Button>
    </Box>
  );
}
