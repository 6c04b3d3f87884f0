import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useCallSnapshot } from './hooks/use-call';
import type { MediaTransport } from './transport/media-transport';

/**
 * In the preview, who is in the call already, as the lobby knows it (`MediaTransport.wait`): nothing
 * before its welcome, nor with a driver without a lobby.
 */
export function LobbyPresence({ transport }: { transport: MediaTransport }) {
  const { t, i18n } = useTranslation();
  const call = useCallSnapshot(transport);
  if (!call.self || call.participants.length === 0) return null;
  const names = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
    call.participants.map((p) => p.identity),
  );
  return (
    <Typography role="status" data-testid="lobby-presence" sx={{ textAlign: 'center' }}>
      {t('rooms.preview.inMeeting', { names })}
    </Typography>
  );
}
