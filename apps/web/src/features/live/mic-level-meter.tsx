import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useMicLevel } from './hooks/use-mic-level';

/**
 * The preview's microphone level. A component of its own: its ten readings a second re-render this bar
 * only, not the whole preview (camera, toggles, device dialog).
 */
export function MicLevelMeter({ stream, enabled }: { stream: MediaStream | null; enabled: boolean }) {
  const { t } = useTranslation();
  const level = useMicLevel(stream, enabled);
  return (
    <Box>
      <Typography variant="caption" id="mic-level-label">
        {t('rooms.preview.micLevel')}
      </Typography>
      <LinearProgress variant="determinate" value={level} aria-labelledby="mic-level-label" />
    </Box>
  );
}
