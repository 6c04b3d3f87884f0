import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocalMedia } from './hooks/use-local-media';

/** Device choice with a microphone tab and a camera tab; the choice is kept in local storage. */
export function DeviceDialog({ open, onClose, media }: { open: boolean; onClose: () => void; media: LocalMedia }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'audio' | 'video'>('audio');
  const kind = tab === 'audio' ? 'audioinput' : 'videoinput';
  const list = media.devices.filter((d) => d.kind === kind);
  const activeId = (
    tab === 'audio' ? media.stream?.getAudioTracks() : media.stream?.getVideoTracks()
  )?.[0]?.getSettings().deviceId;
  const selected = (tab === 'audio' ? media.audioDeviceId : media.videoDeviceId) ?? activeId ?? '';
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="device-dialog-title">
      <DialogTitle id="device-dialog-title">{t('rooms.devices.title')}</DialogTitle>
      <Tabs
        value={tab}
        onChange={(_e, v: 'audio' | 'video') => setTab(v)}
        variant="fullWidth"
        aria-label={t('rooms.devices.title')}
      >
        <Tab value="audio" label={t('rooms.devices.microphone')} id="device-tab-audio" aria-controls="device-panel" />
        <Tab value="video" label={t('rooms.devices.camera')} id="device-tab-video" aria-controls="device-panel" />
      </Tabs>
      <DialogContent id="device-panel" role="tabpanel" aria-labelledby={`device-tab-${tab}`}>
        {list.length === 0 ? (
          <Typography color="text.secondary">{t('rooms.devices.none')}</Typography>
        ) : (
          <RadioGroup
            value={selected}
            onChange={(e) => media.chooseDevice(tab, e.target.value)}
            aria-labelledby={`device-tab-${tab}`}
          >
            {list.map((d, i) => (
              <FormControlLabel
                key={d.deviceId || i}
                value={d.deviceId}
                control={<Radio />}
                label={d.label || t('rooms.devices.unnamed', { n: i + 1 })}
              />
            ))}
          </RadioGroup>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained">
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
