import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { IconButton, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/auth-context';

/** Back to a given path, else back in history; shown only to a signed-in user (spec section 2). */
export function BackButton({ to }: { to?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { isAuthenticated } = useAuth();
  if (!isAuthenticated) return null;
  return (
    <Tooltip title={t('shell.back')}>
      <IconButton aria-label={t('shell.back')} onClick={() => (to ? navigate(to) : navigate(-1))}>
        <ArrowBackIcon />
      </IconButton>
    </Tooltip>
  );
}
