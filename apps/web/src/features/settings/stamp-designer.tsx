import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { CROPPING_TYPES, FORMATS, type CroppingType, type Format } from '@forecourt/contracts/enums';
import {
  StampInput,
  type ImageUpload,
  type SettingsStamp,
  type StampBackgroundSource,
  type StampDesign,
  type StampPreviewInput,
} from '@forecourt/contracts/settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../components/snackbar';
import { DEFAULT_DESIGN, DesignFields } from './design-fields';
import { ImageUploadButton } from './image-upload-button';
import { fetchStocks, saveStamp, settingsErrorKey } from './settings-api';
import { StampPreviewPanel } from './stamp-preview-panel';
import { settingsKeys } from './settings-keys';

type OverlayMode = 'compose' | 'upload' | 'keep';
type BackgroundMode = StampBackgroundSource['kind'];

/**
 * The stamp designer: an overlay composed (frame, logo, banner) or uploaded as a PNG, the cropping
 * configuration, and the live preview. Saving an existing stamp makes its next version.
 */
export function StampDesigner({
  groupId,
  stamp,
  onClose,
}: {
  groupId: string;
  stamp: SettingsStamp | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('md'));
  const stocks = useQuery({ queryKey: settingsKeys.stocks(groupId), queryFn: () => fetchStocks(groupId) });
  const [name, setName] = useState(stamp?.name ?? '');
  const [format, setFormat] = useState<Format>(stamp?.format ?? '16/9');
  const [mode, setMode] = useState<OverlayMode>(stamp ? (stamp.design ? 'compose' : 'keep') : 'compose');
  const [design, setDesign] = useState<StampDesign>(stamp?.design ?? DEFAULT_DESIGN);
  const [upload, setUpload] = useState<{ image: ImageUpload; name: string } | null>(null);
  const [croppingType, setCroppingType] = useState<CroppingType>(stamp?.cropping.croppingType ?? 'CROPPING');
  const [blurring, setBlurring] = useState(String(stamp?.cropping.blurringValue ?? 0));
  const [bgMode, setBgMode] = useState<BackgroundMode>(
    stamp ? (stamp.cropping.backgroundUrl ? 'keep' : 'none') : 'colour',
  );
  const [bgColour, setBgColour] = useState('#e9ecef');
  const [bgUpload, setBgUpload] = useState<{ image: ImageUpload; name: string } | null>(null);
  const [errors, setErrors] = useState<Set<string>>(new Set());

  const overlay: StampInput['overlay'] | null =
    mode === 'compose'
      ? { kind: 'compose', design }
      : mode === 'upload'
        ? upload && { kind: 'upload', image: upload.image }
        : { kind: 'keep' };
  const background: StampBackgroundSource | null =
    bgMode === 'colour'
      ? { kind: 'colour', colour: bgColour }
      : bgMode === 'upload'
        ? bgUpload && { kind: 'upload', image: bgUpload.image }
        : { kind: bgMode };
  const previewOverlay: StampPreviewInput['overlay'] | null =
    overlay?.kind === 'keep' ? (stamp ? { kind: 'stamp', stampId: stamp.id } : null) : overlay;

  const save = useMutation({
    mutationFn: (input: StampInput) => saveStamp(groupId, stamp?.id ?? null, input),
    onSuccess: async () => {
      snackbar.show(stamp ? 'settings.stamps.versionSaved' : 'settings.stamps.created', 'success');
      await queryClient.invalidateQueries({ queryKey: settingsKeys.stamps(groupId) });
      onClose();
    },
    onError: (err) => snackbar.show(settingsErrorKey(err)),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = StampInput.safeParse({
      name,
      format,
      overlay: overlay ?? { kind: 'upload', image: { data: '' } },
      cropping: {
        croppingType,
        blurringValue: Number(blurring),
        background: background ?? { kind: 'upload', image: { data: '' } },
      },
    });
    setErrors(new Set(parsed.success ? [] : parsed.error.issues.map((i) => i.path.join('.'))));
    if (parsed.success) save.mutate(parsed.data);
  };
  const has = (prefix: string) => [...errors].some((e) => e.startsWith(prefix));

  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="lg"
      aria-labelledby="stamp-designer-title"
    >
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id="stamp-designer-title">
          {stamp
            ? t('settings.stamps.editTitle', { name: stamp.name, version: stamp.version })
            : t('settings.stamps.new')}
        </DialogTitle>
        <DialogContent
          sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}
        >
          <Box sx={{ display: 'grid', gap: 2, pt: 1, minWidth: 0 }}>
            <TextField
              label={t('settings.stamps.name')}
              value={name}
              onChange={(e) => setName(e.target.value)}
              required
              error={has('name')}
              helperText={has('name') ? t('settings.errors.required') : undefined}
            />
            <TextField
              select
              label={t('settings.stamps.format')}
              value={format}
              disabled={Boolean(stamp)}
              helperText={stamp ? t('settings.stamps.formatKept') : undefined}
              onChange={(e) => setFormat(e.target.value as Format)}
            >
              {FORMATS.map((f) => (
                <MenuItem key={f} value={f}>
                  {f}
                </MenuItem>
              ))}
            </TextField>
            <FormControl>
              <FormLabel id="stamp-overlay-mode">{t('settings.stamps.overlay')}</FormLabel>
              <RadioGroup
                row
                aria-labelledby="stamp-overlay-mode"
                value={mode}
                onChange={(e) => setMode(e.target.value as OverlayMode)}
              >
                <FormControlLabel value="compose" control={<Radio />} label={t('settings.stamps.compose')} />
                <FormControlLabel value="upload" control={<Radio />} label={t('settings.stamps.upload')} />
                {stamp && <FormControlLabel value="keep" control={<Radio />} label={t('settings.stamps.keep')} />}
              </RadioGroup>
            </FormControl>
            {mode === 'compose' && (
              <DesignFields
                design={design}
                onChange={setDesign}
                stocks={stocks.data ?? []}
                bannerError={has('overlay.design.banner')}
              />
            )}
            {mode === 'upload' && (
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <ImageUploadButton
                  label={t('settings.stamps.uploadOverlay')}
                  accept="image/png"
                  testId="stamp-overlay-file"
                  onFile={(image, file) => setUpload({ image, name: file.name })}
                />
                <Typography variant="body2" color={has('overlay') ? 'error' : 'text.secondary'}>
                  {upload?.name ?? t('settings.stamps.overlayHelp')}
                </Typography>
              </Box>
            )}
            <Typography component="h3" variant="subtitle1">
              {t('settings.stamps.cropping')}
            </Typography>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr' }}>
              <TextField
                select
                label={t('settings.stamps.croppingType')}
                value={croppingType}
                onChange={(e) => setCroppingType(e.target.value as CroppingType)}
              >
                {CROPPING_TYPES.map((c) => (
                  <MenuItem key={c} value={c}>
                    {t(`settings.stamps.croppingTypes.${c}`)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                type="number"
                label={t('settings.stamps.blurring')}
                value={blurring}
                onChange={(e) => setBlurring(e.target.value)}
                error={has('cropping.blurringValue')}
                helperText={t('settings.stamps.blurringHelp')}
                slotProps={{ htmlInput: { min: 0, max: 100, step: 1 } }}
              />
            </Box>
            <FormControl>
              <FormLabel id="stamp-background-mode">{t('settings.stamps.background')}</FormLabel>
              <RadioGroup
                row
                aria-labelledby="stamp-background-mode"
                value={bgMode}
                onChange={(e) => setBgMode(e.target.value as BackgroundMode)}
              >
                <FormControlLabel value="colour" control={<Radio />} label={t('settings.stamps.backgroundColour')} />
                <FormControlLabel value="upload" control={<Radio />} label={t('settings.stamps.backgroundPicture')} />
                <FormControlLabel value="none" control={<Radio />} label={t('settings.stamps.backgroundNone')} />
                {stamp?.cropping.backgroundUrl && (
                  <FormControlLabel value="keep" control={<Radio />} label={t('settings.stamps.keep')} />
                )}
              </RadioGroup>
            </FormControl>
            {bgMode === 'colour' && (
              <TextField
                type="color"
                label={t('settings.stamps.backgroundColour')}
                value={bgColour}
                onChange={(e) => setBgColour(e.target.value)}
              />
            )}
            {bgMode === 'upload' && (
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <ImageUploadButton
                  label={t('settings.stamps.uploadBackground')}
                  accept="image/png,image/jpeg,image/webp"
                  onFile={(image, file) => setBgUpload({ image, name: file.name })}
                />
                <Typography variant="body2" color={has('cropping.background') ? 'error' : 'text.secondary'}>
                  {bgUpload?.name ?? t('settings.stamps.backgroundHelp')}
                </Typography>
              </Box>
            )}
          </Box>
          <StampPreviewPanel groupId={groupId} format={format} overlay={previewOverlay} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('settings.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t(stamp ? 'settings.stamps.saveVersion' : 'settings.stamps.create')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
