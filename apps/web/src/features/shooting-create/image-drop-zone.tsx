import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import { Box, Button, Typography } from '@mui/material';
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** A drop area and a file picker, both taking image files only. */
export function ImageDropZone({ onFiles, disabled }: { onFiles: (files: File[]) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (!disabled) onFiles([...e.dataTransfer.files]);
  };

  return (
    <Box
      data-testid="image-drop-zone"
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: over ? 'primary.main' : 'divider',
        borderRadius: 2,
        p: 3,
        textAlign: 'center',
        bgcolor: over ? 'action.hover' : 'transparent',
      }}
    >
      <AddPhotoAlternateIcon color="action" fontSize="large" />
      <Typography sx={{ my: 1 }}>{t('shootingCreate.dropHere')}</Typography>
      <Button variant="outlined" onClick={() => input.current?.click()} disabled={disabled}>
        {t('shootingCreate.pickFiles')}
      </Button>
      <input
        ref={input}
        type="file"
        accept="image/*"
        multiple
        hidden
        aria-label={t('shootingCreate.pickFiles')}
        onChange={(e) => {
          onFiles([...(e.target.files ?? [])]);
          e.target.value = '';
        }}
      />
    </Box>
  );
}
