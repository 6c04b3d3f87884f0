import Box from '@mui/material/Box';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CardListPanel } from './card-list-panel';
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
  return (
    <CardListPanel
      items={stamps}
      newLabel={t('settings.stamps.new')}
      noneLabel={t('settings.stamps.none')}
      testId="settings-stamps"
      columns={3}
      card={(s) => (
        <>
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
        </>
      )}
      editor={(stamp, close) => <StampDesigner groupId={groupId} stamp={stamp} onClose={close} />}
    />
  );
}
