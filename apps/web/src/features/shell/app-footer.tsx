import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Box, Button, Link, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { getWebConfig } from '../../api/web-config';
import { LanguageSelect } from '../../components/language-select';
import { shellKeys } from './shell-keys';

/** Terms differ for French: the French text (CGU/CGV) for French, the English one for every other language. */
export const termsLanguage = (language: string): 'fr' | 'en' => (language === 'fr' ? 'fr' : 'en');

/** The collapsible footer of spec section 2 (open height 2000px). */
export function AppFooter() {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const config = useQuery({ queryKey: shellKeys.webConfig(), queryFn: getWebConfig, staleTime: Infinity });
  const links = config.data?.appLinks ?? {};
  const terms = termsLanguage(i18n.language);
  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2, py: 0.5 }}>
        <Typography variant="caption" color="text.secondary" data-testid="app-version">
          {t('shell.version', { version: config.data?.version ?? '' })}
        </Typography>
        <Button
          size="small"
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          endIcon={open ? <ExpandMoreIcon /> : <ExpandLessIcon />}
        >
          {open ? t('shell.footerHide') : t('shell.footerShow')}
        </Button>
      </Stack>
      <Box
        sx={{ maxHeight: open ? '2000px' : 0, overflow: 'hidden', transition: 'max-height 300ms ease' }}
        aria-hidden={!open}
        inert={!open}
      >
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={3}
          sx={{ p: 2, alignItems: { sm: 'center' }, flexWrap: 'wrap' }}
        >
          <LanguageSelect />
          <Stack direction="row" spacing={2}>
            {links.appStore && (
              <Link href={links.appStore} target="_blank" rel="noopener noreferrer">
                {t('shell.appStore')}
              </Link>
            )}
            {links.googlePlay && (
              <Link href={links.googlePlay} target="_blank" rel="noopener noreferrer">
                {t('shell.googlePlay')}
              </Link>
            )}
          </Stack>
          <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }} component="nav" aria-label={t('shell.legal')}>
            <Link component={RouterLink} to="/legal-notice">
              {t('shell.legalNotice')}
            </Link>
            <Link component={RouterLink} to={`/terms-of-service?lang=${terms}`}>
              {t('shell.termsOfService')}
            </Link>
            <Link component={RouterLink} to={`/terms-of-service?lang=${terms}#sales`}>
              {t('shell.termsOfSales')}
            </Link>
            <Link component={RouterLink} to="/privacy-policy">
              {t('shell.privacyPolicy')}
            </Link>
          </Stack>
        </Stack>
      </Box>
    </Box>
  );
}
