import Button from '@mui/material/Button';
import type { ImageUpload } from '@forecourt/contracts/settings';
import { useSnackbar } from '../../components/snackbar';
import { fileToUpload } from './settings-api';

const MAX_BYTES = 8 * 1024 * 1024;

/** A button that picks an image file and hands it over as base64; a file over 8 MB is refused here already. */
export function ImageUploadButton({
  label,
  accept,
  onFile,
  disabled,
  testId,
}: {
  label: string;
  accept: string;
  onFile: (upload: ImageUpload, file: File) => void;
  disabled?: boolean;
  testId?: string;
}) {
  const snackbar = useSnackbar();
  return (
    <Button component="label" variant="outlined" size="small" disabled={disabled}>
      {label}
      <input
        hidden
        type="file"
        accept={accept}
        data-testid={testId}
        aria-label={label}
        onChange={async (e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          if (file.size > MAX_BYTES) {
            snackbar.show('settings.errors.tooLarge');
            return;
          }
          onFile(await fileToUpload(file), file);
        }}
      />
    </Button>
  );
}
