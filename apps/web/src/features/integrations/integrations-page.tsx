import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { useUserAccess } from '../../access/user-access';
import { useAuth } from '../../auth/auth-context';
import { isNonLegacy } from '../../lib/non-legacy-account';
import { MarketplaceProfilesPanel } from '../marketplaces/marketplace-profiles-panel';
import { ApiKeysPanel } from '../settings/api-keys-panel';
import { WebhooksPanel } from '../settings/webhooks-panel';

const SECTIONS = ['api-keys', 'webhooks', 'marketplaces'] as const;
type Section = (typeof SECTIONS)[number];

const TAB_TITLES: Record<Section, string> = {
  'api-keys': 'integrations.keys.tab',
  webhooks: 'integrations.webhooks.tab',
  marketplaces: 'marketplaces.settings.title',
};
const PANELS: Record<Section, ComponentType<{ groupId: string }>> = {
  'api-keys': ApiKeysPanel,
  webhooks: WebhooksPanel,
  marketplaces: MarketplaceProfilesPanel,
};

/**
 * /integrations (role manage-users on a non-legacy account, as the user board and the server check; decision 0076):
 * the signed-in manager's own dealer group's API keys, webhook endpoints and marketplace profiles, one tab each
 * (/integrations/webhooks, /integrations/marketplaces), the same panels the settings show provider staff for any group,
 * without a group to choose.
 */
export function IntegrationsPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const access = useUserAccess();
  const navigate = useNavigate();
  const params = useParams();
  const profile = user?.profile as { preferred_username?: string; roles?: string[] } | undefined;

  if (!isNonLegacy(profile?.preferred_username ?? '') || !(profile?.roles ?? []).includes('manage-users'))
    return <Navigate to="/" replace />;
  const section: Section = SECTIONS.includes(params.section as Section) ? (params.section as Section) : 'api-keys';
  const Panel = PANELS[section];

  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        {t('integrations.manager.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('integrations.manager.intro')}
      </Typography>
      {access.isPending && (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label={t('common.loading')} />
        </Box>
      )}
      {access.isError && <Alert severity="error">{t('api.commonError')}</Alert>}
      {access.data && (
        <>
          <Tabs
            value={section}
            onChange={(_, value: Section) => navigate(`/integrations/${value}`)}
            aria-label={t('integrations.manager.sections')}
            variant="scrollable"
            allowScrollButtonsMobile
            sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
          >
            {SECTIONS.map((value) => (
              <Tab
                key={value}
                value={value}
                label={t(TAB_TITLES[value])}
                id={`integrations-tab-${value}`}
                aria-controls="integrations-panel"
              />
            ))}
          </Tabs>
          <Box id="integrations-panel" role="tabpanel" aria-labelledby={`integrations-tab-${section}`}>
            <Panel groupId={access.data.user.groupId} />
          </Box>
        </>
      )}
    </Container>
  );
}
