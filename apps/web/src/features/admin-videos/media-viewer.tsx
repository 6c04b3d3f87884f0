import type { AdminMediaSlot } from '@forecourt/contracts/media';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** Plays a configured file: a video for the introduction and conclusion, a sound for the audio. */
export function MediaViewer(props: { slot: AdminMediaSlot; title: string; url: string; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open onClose={props.onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{props.title}</DialogTitle>
      <DialogContent>
        <Box
          component={props.slot === 'audio' ? 'audio' : 'video'}
          controls
          autoPlay
          src={props.url}
          data-testid="media-viewer"
          aria-labelledby={titleId}
          sx={{ width: '100%', bgcolor: props.slot === 'audio' ? undefined : 'common.black' }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('adminVideos.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
