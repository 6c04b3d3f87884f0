import Box from '@mui/material/Box';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CardListPanel } from './card-list-panel';
import { fetchStocks } from './settings-api';
import { StockDialog } from './stock-dialog';
import { settingsKeys } from './settings-keys';

/** A group's stocks (owners): what the public player's card shows, their logo and plate cover. */
export function StocksPanel({ groupId }: { groupId: string }) {
  const { t } = useTranslation();
  const stocks = useQuery({ queryKey: settingsKeys.stocks(groupId), queryFn: () => fetchStocks(groupId) });
  return (
    <CardListPanel
      items={stocks}
      newLabel={t('settings.stocks.new')}
      noneLabel={t('settings.stocks.none')}
      testId="settings-stocks"
      columns={2}
      card={(s) => (
        <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
          {s.logoUrl ? (
            <Box
              component="img"
              src={s.logoUrl}
              alt={t('settings.stocks.logoOf', { name: s.name })}
              sx={{ width: 72, height: 48, objectFit: 'contain' }}
            />
          ) : (
            <Box sx={{ width: 72, height: 48, bgcolor: 'action.hover', borderRadius: 1 }} />
          )}
          <Box sx={{ minWidth: 0 }}>
            <Typography component="h3" variant="subtitle1" noWrap>
              {s.name}
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap>
              {[s.label, s.contactPhone].filter(Boolean).join(' · ')}
            </Typography>
          </Box>
        </CardContent>
      )}
      editor={(stock, close) => <StockDialog groupId={groupId} stock={stock} onClose={close} />}
    />
  );
}
