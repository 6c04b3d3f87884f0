import type { LiveRecording } from '@forecourt/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http';
import { stackedRowsOnPhones } from '../../components/stacked-rows';
import { useSnackbar } from '../../components/snackbar';
import { dateTimeFormat } from '../../i18n/date-format';
import { CopyLinkButton } from './copy-link-button';
import { fetchRecordingDownload, fetchRecordings, setRecording, shareRecording } from './live-api';
import { liveKeys } from './live-keys';

/** While a recording is on or being composed, the list is read again this often. */
const POLL_MS = 2000;

const STATUS_COLOR = { recording: 'error', processing: 'info', ready: 'success', failed: 'warning' } as const;

const minutesSeconds = (ms: number) => {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

function RecordingRow({ roomId, recording }: { roomId: string; recording: LiveRecording }) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const download = () => {
    setBusy(true);
    fetchRecordingDownload(roomId, recording.id)
      .then(({ url }) => {
        // The URL answers with Content-Disposition: attachment: the browser saves it, the page stays.
        const a = document.createElement('a');
        a.href = url;
        a.rel = 'noopener';
        document.body.append(a);
        a.click();
        a.remove();
      })
      .catch(() => snackbar.show('rooms.recording.list.downloadFailed'))
      .finally(() => setBusy(false));
  };
  const share = () => {
    setBusy(true);
    shareRecording(roomId, recording.id)
      .then(() => queryClient.invalidateQueries({ queryKey: liveKeys.recordings(roomId) }))
      .catch(() => snackbar.show('rooms.recording.list.shareFailed'))
      .finally(() => setBusy(false));
  };
  // A recording left on after everyone hung up is stopped from here.
  const stop = () => {
    setBusy(true);
    setRecording(roomId, false)
      .then(() => queryClient.invalidateQueries({ queryKey: liveKeys.recordings(roomId) }))
      .catch(() => snackbar.show('rooms.recording.failed'))
      .finally(() => setBusy(false));
  };
  const ready = recording.status === 'ready';
  return (
    <TableRow data-testid="recording">
      <TableCell data-label={t('rooms.recording.list.startedAt')}>
        {dayjs(recording.startedAt).format(dateTimeFormat(i18n.language))}
      </TableCell>
      <TableCell data-label={t('rooms.recording.list.duration')}>
        {recording.durationMs === null ? '–' : minutesSeconds(recording.durationMs)}
      </TableCell>
      <TableCell data-label={t('rooms.recording.list.status')}>
        <Chip
          size="small"
          color={STATUS_COLOR[recording.status]}
          label={t(`rooms.recording.status.${recording.status}`)}
          data-testid="recording-status"
        />
      </TableCell>
      {/* No label on a phone: the buttons say what they do, and the share link gets the row's whole width. */}
      <TableCell>
        {recording.status === 'recording' && (
          <Button size="small" variant="outlined" color="error" disabled={busy} onClick={stop}>
            {t('rooms.recording.stop')}
          </Button>
        )}
        {ready && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Button size="small" variant="outlined" disabled={busy} onClick={download}>
              {t('rooms.recording.list.download')}
            </Button>
            {recording.shareUrl ? (
              <Stack
                direction="row"
                sx={{ alignItems: 'center', minWidth: { xs: 0, sm: 260 }, width: { xs: '100%', sm: 'auto' } }}
              >
                <TextField
                  size="small"
                  label={t('rooms.recording.list.shareLink')}
                  value={recording.shareUrl}
                  fullWidth
                  slotProps={{ htmlInput: { readOnly: true } }}
                />
                <CopyLinkButton link={recording.shareUrl} />
              </Stack>
            ) : (
              <Button size="small" disabled={busy} onClick={share}>
                {t('rooms.recording.list.share')}
              </Button>
            )}
          </Stack>
        )}
      </TableCell>
    </TableRow>
  );
}

/** The room's recordings (its dealers only): date, duration, status, and for a ready one download and public link. */
export function RoomRecordings({ roomId }: { roomId: string }) {
  const { t } = useTranslation();
  const list = useQuery({
    queryKey: liveKeys.recordings(roomId),
    queryFn: () => fetchRecordings(roomId),
    retry: false,
    refetchInterval: (q) =>
      q.state.data?.items.some((r) => r.status === 'recording' || r.status === 'processing') ? POLL_MS : false,
  });
  // Nothing to show while loading, where calls cannot be recorded and none was, nor to a signed-in user of another dealer group (404).
  if (list.isPending) return null;
  if (list.isSuccess && !list.data.available && list.data.items.length === 0) return null;
  if (list.error instanceof ApiError && list.error.status === 404) return null;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="room-recordings-title"
      sx={{ p: 2, width: '100%', maxWidth: 900, mx: 'auto' }}
    >
      <Typography id="room-recordings-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('rooms.recording.list.title')}
      </Typography>
      {list.isError && <Alert severity="error">{t('rooms.recording.list.loadError')}</Alert>}
      {list.isSuccess && list.data.items.length === 0 && (
        <Typography color="text.secondary">{t('rooms.recording.list.empty')}</Typography>
      )}
      {list.isSuccess && list.data.items.length > 0 && (
        // Stacked rows on a phone: four columns and a share link do not fit 390 px side by side.
        <Table size="small" sx={stackedRowsOnPhones}>
          <TableHead>
            <TableRow>
              <TableCell>{t('rooms.recording.list.startedAt')}</TableCell>
              <TableCell>{t('rooms.recording.list.duration')}</TableCell>
              <TableCell>{t('rooms.recording.list.status')}</TableCell>
              <TableCell>{t('rooms.recording.list.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {list.data.items.map((r) => (
              <RecordingRow key={r.id} roomId={roomId} recording={r} />
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}
