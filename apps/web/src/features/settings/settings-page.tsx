import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { MarketplaceProfilesPanel } from '../marketplaces/marketplace-profiles-panel';
import { ApiKeysPanel } from './api-keys-panel';
import { DmsPanel } from './dms-panel';
import { GroupsPanel } from './groups-panel';
import { ScimTokensPanel } from './scim-tokens-panel';
import { useProviderAdministrator, useSettingsAccess } from './settings-access';
import { SignInRulesPanel } from './sign-in-rules-panel';
import { fetchGroups } from './settings-api';
import { StampsPanel } from './stamps-panel';
import { StocksPanel } from './stocks-panel';
import { WebhooksPanel } from './webhooks-panel';
import { settingsKeys } from './settings-keys';

const SECTIONS = ['stocks', 'stamps', 'dms', 'sign-in', 'scim', 'api-keys', 'webhooks', 'marketplaces'] as const;
type Section = (typeof SECTIONS)[number];

/**
 * /settings (provider administrators and customer success): the dealer groups, and for the chosen group
 * (`?group=`) its stocks, its stamps, its DMS, its sign-in rules and (provider administrators) its SCIM tokens,
 * one section a tab (/settings/stamps, /settings/dms, /settings/sign-in, /settings/scim).
 */
export function SettingsPage() {
  const { t } = useTranslation();
  const allowed = useSettingsAccess();
  const providerAdmin = useProviderAdministrator();
  const navigate = useNavigate();
  const params = useParams();
  const [search] = useSearchParams();
  const groups = useQuery({ queryKey: settingsKeys.groups(), queryFn: fetchGroups, enabled: allowed });

  if (!allowed) return <Navigate to="/" replace />;
  const offered = SECTIONS.filter((s) => s !== 'scim' || providerAdmin);
  const section: Section = offered.includes(params.section as Section) ? (params.section as Section) : 'stocks';
  const groupId = search.get('group') ?? groups.data?.[0]?.id ?? null;
  const group = groups.data?.find((g) => g.id === groupId) ?? null;
  const go = (next: { section?: Section; group?: string }) =>
    navigate(`/settings/${next.section ?? section}?group=${encodeURIComponent(next.group ?? groupId ?? '')}`);

  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {t('settings.title')}
      </Typography>
      {groups.isPending && (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label={t('common.loading')} />
        </Box>
      )}
      {groups.isError && <Alert severity="error">{t('api.commonError')}</Alert>}
      {groups.data && (
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '320px 1fr' }, alignItems: 'start' }}>
          <GroupsPanel groups={groups.data} selectedId={group?.id ?? null} onSelect={(id) => go({ group: id })} />
          {group ? (
            <Box component="section" aria-labelledby="settings-group-title" sx={{ minWidth: 0 }}>
              <Typography variant="h5" component="h2" id="settings-group-title">
                {group.name}
              </Typography>
              <Tabs
                value={section}
                onChange={(_, value: Section) => go({ section: value })}
                aria-label={t('settings.sections')}
                variant="scrollable"
                allowScrollButtonsMobile
                sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
              >
                <Tab
                  value="stocks"
                  label={t('settings.stocks.title')}
                  id="settings-tab-stocks"
                  aria-controls="settings-panel"
                />
                <Tab
                  value="stamps"
                  label={t('settings.stamps.title')}
                  id="settings-tab-stamps"
                  aria-controls="settings-panel"
                />
                <Tab value="dms" label={t('settings.dms.title')} id="settings-tab-dms" aria-controls="settings-panel" />
                <Tab
                  value="sign-in"
                  label={t('settings.signIn.title')}
                  id="settings-tab-sign-in"
                  aria-controls="settings-panel"
                />
                {providerAdmin && (
                  <Tab
                    value="scim"
                    label={t('settings.scim.title')}
                    id="settings-tab-scim"
                    aria-controls="settings-panel"
                  />
                )}
                <Tab
                  value="api-keys"
                  label={t('integrations.keys.tab')}
                  id="settings-tab-api-keys"
                  aria-controls="settings-panel"
                />
                <Tab
                  value="webhooks"
                  label={t('integrations.webhooks.tab')}
                  id="settings-tab-webhooks"
                  aria-controls="settings-panel"
                />
                <Tab
                  value="marketplaces"
                  label={t('marketplaces.settings.title')}
                  id="settings-tab-marketplaces"
                  aria-controls="settings-panel"
                />
              </Tabs>
              <Box id="settings-panel" role="tabpanel" aria-labelledby={`settings-tab-${section}`}>
                {section === 'stocks' && <StocksPanel groupId={group.id} />}
                {section === 'stamps' && <StampsPanel groupId={group.id} />}
                {section === 'dms' && <DmsPanel groupId={group.id} />}
                {section === 'sign-in' && <SignInRulesPanel groupId={group.id} />}
                {section === 'scim' && <ScimTokensPanel groupId={group.id} />}
                {section === 'api-keys' && <ApiKeysPanel groupId={group.id} />}
                {section === 'webhooks' && <WebhooksPanel groupId={group.id} />}
                {section === 'marketplaces' && <MarketplaceProfilesPanel groupId={group.id} />}
              </Box>
            </Box>
          ) : (
            <Alert severity="info">{t('settings.groups.none')}</Alert>
          )}
        </Box>
      )}
    </Container>
  );
}
