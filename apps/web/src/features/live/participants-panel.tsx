import MicOffIcon from '@mui/icons-material/MicOff';
import PushPinIcon from '@mui/icons-material/PushPin';
import PushPinOutlinedIcon from '@mui/icons-material/PushPinOutlined';
import ScreenShareIcon from '@mui/icons-material/ScreenShare';
import VideocamOffIcon from '@mui/icons-material/VideocamOff';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { RemoteParticipant } from './transport/media-transport';

/** Width of the participants panel (spec section 9). */
export const PANEL_WIDTH_PX = 300;

/** Who is in the call, with their microphone, camera and screen state; pin one to the main video. */
export function ParticipantsPanel({
  selfName,
  participants,
  pinned,
  onPin,
  stacked = false,
}: {
  selfName: string;
  participants: RemoteParticipant[];
  pinned: string | null;
  onPin: (id: string | null) => void;
  /** Under the video, full width, at most 40 % of the height (narrow screens), rather than beside it. */
  stacked?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Box
      component="aside"
      aria-labelledby="participants-title"
      data-testid="participants-panel"
      sx={{
        ...(stacked ? { width: 1, maxHeight: '40%', borderTop: 1 } : { width: PANEL_WIDTH_PX, borderLeft: 1 }),
        flexShrink: 0,
        borderColor: 'divider',
        overflowY: 'auto',
        bgcolor: 'background.paper',
      }}
    >
      <Typography id="participants-title" variant="h6" component="h2" sx={{ px: 2, pt: 2 }}>
        {t('rooms.participants', { count: participants.length + 1 })}
      </Typography>
      <List dense>
        <ListItem>
          <ListItemText primary={t('rooms.you', { name: selfName })} />
        </ListItem>
        {participants.map((p) => (
          <ListItem
            key={p.id}
            data-testid="participant"
            secondaryAction={
              <IconButton
                aria-label={t('rooms.pin', { name: p.identity })}
                aria-pressed={pinned === p.id}
                onClick={() => onPin(pinned === p.id ? null : p.id)}
                edge="end"
              >
                {pinned === p.id ? <PushPinIcon /> : <PushPinOutlinedIcon />}
              </IconButton>
            }
          >
            <ListItemText
              primary={p.identity}
              secondary={
                <Stack component="span" direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                  {p.media && !p.media.audio && <MicOffIcon fontSize="small" titleAccess={t('rooms.micMuted')} />}
                  {p.media && !p.media.video && !p.media.screen && (
                    <VideocamOffIcon fontSize="small" titleAccess={t('rooms.cameraIsOff')} />
                  )}
                  {p.media?.screen && (
                    <ScreenShareIcon
                      fontSize="small"
                      titleAccess={t('rooms.sharingScreen')}
                      data-testid="sharing-screen"
                    />
                  )}
                </Stack>
              }
            />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
