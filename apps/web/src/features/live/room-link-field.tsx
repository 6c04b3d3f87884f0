import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { CopyLinkButton } from './copy-link-button';

/** A room's link, read-only, with its copy button beside it. */
export function RoomLinkField({ link, sx = [] }: { link: string; sx?: SxProps<Theme> }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} sx={[{ alignItems: 'center' }, ...(Array.isArray(sx) ? sx : [sx])]}>
      <TextField
        label={t('rooms.settings.link')}
        value={link}
        fullWidth
        slotProps={{ htmlInput: { readOnly: true } }}
      />
      <CopyLinkButton link={link} />
    </Stack>
  );
}
