import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { SettingsStamp } from '@forecourt/contracts/settings';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchStamps } from './settings-api';
import { StampDesigner } from './stamp-designer';
import { settingsKeys } from './settings-keys';

/** A transparent overlay reads best on a checkerboard. */
export const CHECKERBOARD = {
  backgroundColor: '#d0d0d0',
  backgroundImage:
    'linear-gradient(45deg, #f4f4f4 25%, transparent 25%, transparent 75%, #f4f4f4 75%), linear-gradient(45deg, #f4f4f4 25%, transparent 25%, transparent 75%, #f4f4f4 75%)',
  backgroundSize: '16px 16px',
  backgroundPosition: '0 0, 8px 8px',
};

/** A group's stamps, each with its current version; new and edited ones open the designer. */
export function StampsPanel({ groupId }: { groupId: string }) {
  const { t } = useTranslation();
  const stamps = useQuery({ queryKey: settingsKeys.stamps(groupId), queryFn: () => fetchStamps(groupId) });
  const [editing, setEditing] = useState<SettingsStamp | 'new' | null>(null);

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box>
        <Button variant="contained" onClick={() => setEditing('new')}>
          {t('settings.stamps.new')}
        </Button>
      </Box>
      {stamps.isPending && <CircularProgress aria-label={t('common.loading')} />}
      {stamps.isError && <Alert severity="error">{t('api.commonError')}</Alert>}
      {stamps.data?.length === 0 && <Alert severity="info">{t('settings.stamps.none')}</Alert>}
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' },
        }}
        data-testid="settings-stamps"
      >
        {stamps.data?.map((s) => (
          <Card component="li" variant="outlined" key={s.id}>
            <Box
              component="img"
              src={s.overlayUrl}
              alt={t('settings.stamps.overlayOf', { name: s.name })}
              sx={{ width: '100%', aspectRatio: `${s.width} / ${s.height}`, display: 'block', ...CHECKERBOARD }}
            />
            <CardContent>
              <Typography component="h3" variant="subtitle1">
                {s.name}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('settings.stamps.summary', { format: s.format, version: s.version })}
              </Typography>
            </CardContent>
            <CardActions>
              <Button size="small" onClick={() => setEditing(s)}>
                {t('settings.edit')}
              </Button>
            </CardActions>
          </Card>
        ))}
      </Box>
      {editing && (
        <StampDesigner groupId={groupId} stamp={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </Box>
  );
}
