import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ComponentType } from 'react';
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

/** Each section's tab title, a translation key. */
const TAB_TITLES: Record<Section, string> = {
  stocks: 'settings.stocks.title',
  stamps: 'settings.stamps.title',
  dms: 'settings.dms.title',
  'sign-in': 'settings.signIn.title',
  scim: 'settings.scim.title',
  'api-keys': 'integrations.keys.tab',
  webhooks: 'integrations.webhooks.tab',
  marketplaces: 'marketplaces.settings.title',
};

/** What a section shows for the chosen group. */
const PANELS: Record<Section, ComponentType<{ groupId: string }>> = {
  stocks: StocksPanel,
  stamps: StampsPanel,
  dms: DmsPanel,
  'sign-in': SignInRulesPanel,
  scim: ScimTokensPanel,
  'api-keys': ApiKeysPanel,
  webhooks: WebhooksPanel,
  marketplaces: MarketplaceProfilesPanel,
};

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
  const Panel = PANELS[section];
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
                {offered.map((value) => (
                  <Tab
                    key={value}
                    value={value}
                    label={t(TAB_TITLES[value])}
                    id={`settings-tab-${value}`}
                    aria-controls="settings-panel"
                  />
                ))}
              </Tabs>
              <Box id="settings-panel" role="tabpanel" aria-labelledby={`settings-tab-${section}`}>
                <Panel groupId={group.id} />
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
