import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { SettingsStock } from '@forecourt/contracts/settings';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchStocks } from './settings-api';
import { StockDialog } from './stock-dialog';
import { StockImportDialog } from './stock-import-dialog';
import { settingsKeys } from './settings-keys';

/** A group's stocks (owners): what the public player's card shows, their logo and plate cover. */
export function StocksPanel({ groupId }: { groupId: string }) {
  const { t } = useTranslation();
  const stocks = useQuery({ queryKey: settingsKeys.stocks(groupId), queryFn: () => fetchStocks(groupId) });
  const [editing, setEditing] = useState<SettingsStock | 'new' | null>(null);
  const [importing, setImporting] = useState(false);

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="contained" onClick={() => setEditing('new')}>
          {t('settings.stocks.new')}
        </Button>
        <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setImporting(true)}>
          {t('stockImport.open')}
        </Button>
      </Box>
      {stocks.isPending && <CircularProgress aria-label={t('common.loading')} />}
      {stocks.isError && <Alert severity="error">{t('api.commonError')}</Alert>}
      {stocks.data?.length === 0 && <Alert severity="info">{t('settings.stocks.none')}</Alert>}
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
        }}
        data-testid="settings-stocks"
      >
        {stocks.data?.map((s) => (
          <Card component="li" variant="outlined" key={s.id}>
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
            <CardActions>
              <Button size="small" onClick={() => setEditing(s)}>
                {t('settings.edit')}
              </Button>
            </CardActions>
          </Card>
        ))}
      </Box>
      {importing && <StockImportDialog groupId={groupId} onClose={() => setImporting(false)} />}
      {editing && (
        <StockDialog groupId={groupId} stock={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </Box>
  );
}
