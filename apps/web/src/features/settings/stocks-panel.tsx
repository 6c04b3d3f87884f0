import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardListPanel } from './card-list-panel';
import { fetchStocks } from './settings-api';
import { StockDialog } from './stock-dialog';
import { StockImportDialog } from './stock-import-dialog';
import { settingsKeys } from './settings-keys';

/** A group's stocks (owners): what the public player's card shows, their logo and plate cover. */
export function StocksPanel({ groupId }: { groupId: string }) {
  const { t } = useTranslation();
  const stocks = useQuery({ queryKey: settingsKeys.stocks(groupId), queryFn: () => fetchStocks(groupId) });
  const [importing, setImporting] = useState(false);
  return (
    <>
      <CardListPanel
        items={stocks}
        newLabel={t('settings.stocks.new')}
        noneLabel={t('settings.stocks.none')}
        testId="settings-stocks"
        columns={2}
        actions={
          <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setImporting(true)}>
            {t('stockImport.open')}
          </Button>
        }
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
      {importing && <StockImportDialog groupId={groupId} onClose={() => setImporting(false)} />}
    </>
  );
}
