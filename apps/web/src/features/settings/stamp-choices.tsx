import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import type { ImageUpload } from '@forecourt/contracts/settings';
import { ImageUploadButton } from './image-upload-button';

/** A row of radio buttons choosing how a part of a stamp is made (its overlay, its background). */
export function ModeChoice<M extends string>({
  id,
  label,
  value,
  onChange,
  modes,
}: {
  id: string;
  label: string;
  value: M;
  onChange: (mode: M) => void;
  /** The modes offered, in order, with their labels. */
  modes: Array<[M, string]>;
}) {
  return (
    <FormControl>
      <FormLabel id={id}>{label}</FormLabel>
      <RadioGroup row aria-labelledby={id} value={value} onChange={(e) => onChange(e.target.value as M)}>
        {modes.map(([mode, modeLabel]) => (
          <FormControlLabel key={mode} value={mode} control={<Radio />} label={modeLabel} />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

/** An image upload button with the chosen file's name beside it, or a help text (red when one is missing). */
export function FileChoice({
  label,
  accept,
  testId,
  fileName,
  help,
  error,
  onFile,
}: {
  label: string;
  accept: string;
  testId?: string;
  fileName: string | undefined;
  help: string;
  error: boolean;
  onFile: (image: ImageUpload, file: File) => void;
}) {
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <ImageUploadButton label={label} accept={accept} testId={testId} onFile={onFile} />
      <Typography variant="body2" color={error ? 'error' : 'text.secondary'}>
        {fileName ?? help}
      </Typography>
    </Box>
  );
}
