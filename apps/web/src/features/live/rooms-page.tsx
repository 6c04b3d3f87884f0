import AddIcon from '@mui/icons-material/Add';
import EmailIcon from '@mui/icons-material/Email';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { BackButton } from '../../components/back-button';
import { useSnackbar } from '../../components/snackbar';
import { DATE_FORMAT, timeFormat } from '../../i18n/date-format';
import { hasOption } from '@forecourt/contracts/options';
import { useUserAccess } from '../../access/user-access';
import { mayReadOutbox } from '../sharing/outbox-link';
import { CopyLinkButton } from './copy-link-button';
import { fetchRooms } from './live-api';
import { RoomEmailDialog, type SharedRoom } from './room-email-dialog';
import { localAppointment } from './room-form';
import { RoomFormDialog } from './room-form-dialog';
import { liveKeys } from './live-keys';

/** Below this width the create button is a compact plus (spec section 9). */
const COMPACT_WIDTH_PX = 500;

/** /videos/live/rooms: the caller's rooms with copy, e-mail and open, and the create dialog. */
export function RoomsPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const access = useUserAccess();
  const userId = access.data?.user.id;
  const compact = useMediaQuery(`(max-width:${COMPACT_WIDTH_PX - 0.02}px)`);
  const [creating, setCreating] = useState(false);
  const [emailing, setEmailing] = useState<SharedRoom | null>(null);
  const rooms = useQuery({
    queryKey: liveKeys.rooms(userId),
    queryFn: () => fetchRooms(userId!),
    enabled: Boolean(userId),
  });
  const canEmail = hasOption(access.data?.options, 'useSendEmail');

  useEffect(() => {
    if (rooms.isError || access.isError) snackbar.show('api.getRoomLiveError');
  }, [rooms.isError, access.isError, snackbar]);

  const title = t('rooms.title');
  return (
    <Container maxWidth="md" sx={{ py: 3 }}>
      <Stack direction="row" spacing={1} sx={{ mb: 2, alignItems: 'center' }}>
        <BackButton to="/" />
        <Typography variant="h4" component="h1" sx={{ flex: 1 }}>
          {title}
        </Typography>
        {compact ? (
          <Tooltip title={t('rooms.create')}>
            <span>
              <IconButton
                color="primary"
                aria-label={t('rooms.create')}
                onClick={() => setCreating(true)}
                disabled={!userId}
              >
                <AddIcon />
              </IconButton>
            </span>
          </Tooltip>
        ) : (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)} disabled={!userId}>
            {t('rooms.create')}
          </Button>
        )}
      </Stack>
      {rooms.isPending && !rooms.isError ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label={t('common.loading')} />
        </Box>
      ) : (rooms.data ?? []).length === 0 ? (
        <Typography sx={{ py: 4, textAlign: 'center' }} color="text.secondary">
          {t('rooms.empty')}
        </Typography>
      ) : (
        <Paper variant="outlined">
          <List aria-label={title}>
            {(rooms.data ?? []).map((room) => {
              const at = localAppointment(room.appointment_date);
              const shared = { id: room.id_live_video, name: room.session_name, link: room.link };
              return (
                // The actions sit beside the title in the row's flow, not over it: an absolutely placed
                // secondary action covered the title of a long meeting name on a phone.
                <ListItem key={room.id_live_video} disablePadding sx={{ alignItems: 'center' }}>
                  <ListItemButton
                    onClick={() =>
                      navigate(`/videos/live/rooms/${room.id_live_video}?code=${encodeURIComponent(room.meeting_code)}`)
                    }
                    sx={{ minWidth: 0 }}
                  >
                    <ListItemText
                      primary={room.session_name}
                      secondary={`${at.format(DATE_FORMAT)} ${at.format(timeFormat(i18n.language))}${room.registration ? ` · ${room.registration}` : ''}`}
                      slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                    />
                  </ListItemButton>
                  <Stack direction="row" spacing={1} sx={{ flexShrink: 0, pr: 2 }}>
                    <CopyLinkButton link={room.link} />
                    {canEmail && (
                      <Tooltip title={t('rooms.sendEmail')}>
                        <IconButton aria-label={t('rooms.sendEmail')} onClick={() => setEmailing(shared)} edge="end">
                          <EmailIcon />
                        </IconButton>
                      </Tooltip>
                    )}
                  </Stack>
                </ListItem>
              );
            })}
          </List>
        </Paper>
      )}
      {userId && <RoomFormDialog open={creating} onClose={() => setCreating(false)} userId={userId} />}
      {userId && emailing && (
        <RoomEmailDialog
          open
          onClose={() => setEmailing(null)}
          room={emailing}
          userId={userId}
          canReadOutbox={mayReadOutbox(access.data?.user.habilitations ?? [])}
        />
      )}
    </Container>
  );
}
