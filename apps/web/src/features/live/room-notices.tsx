import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';

/** Status for joins and leaves (rooms.participantJoined / participantLeaved), announced politely. */
export function RoomNotices({ notice }: { notice: { key: string; name: string; id: number } | null }) {
  const { t } = useTranslation();
  return (
    <Box
      role="status"
      aria-live="polite"
      data-testid="room-notice"
      sx={{ position: 'absolute', top: 8, left: '50%', transform: 'translateX(-50%)', zIndex: 2 }}
    >
      {notice && (
        <Box
          key={notice.id}
          sx={{ bgcolor: 'grey.900', color: 'common.white', px: 2, py: 1, borderRadius: 1, boxShadow: 2 }}
        >
          {t(notice.key, { name: notice.name })}
        </Box>
      )}
    </Box>
  );
}
