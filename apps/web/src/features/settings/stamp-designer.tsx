import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
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
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../components/snackbar';
import { DEFAULT_DESIGN, DesignFields } from './design-fields';
import { fetchStocks, saveStamp, settingsErrorKey } from './settings-api';
import { FileChoice, ModeChoice } from './stamp-choices';
import { StampPreviewPanel } from './stamp-preview-panel';
import { settingsKeys } from './settings-keys';
import { SettingsFormDialog, type SettingsEditorProps } from './settings-form-dialog';

type OverlayMode = 'compose' | 'upload' | 'keep';
type BackgroundMode = StampBackgroundSource['kind'];

/**
 * The stamp designer: an overlay composed (frame, logo, banner) or uploaded as a PNG, the cropping
 * configuration, and the live preview. Saving an existing stamp makes its next version.
 */
export function StampDesigner({ groupId, stamp, onClose }: SettingsEditorProps & { stamp: SettingsStamp | null }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
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
  // A banner not written yet is left out of the preview, which shows the rest at once rather than an error.
  const previewOverlay: StampPreviewInput['overlay'] | null =
    overlay?.kind === 'keep'
      ? stamp
        ? { kind: 'stamp', stampId: stamp.id }
        : null
      : overlay?.kind === 'compose' && overlay.design.banner && !overlay.design.banner.text.trim()
        ? { ...overlay, design: { ...overlay.design, banner: null } }
        : overlay;

  const save = useMutation({
    mutationFn: (input: StampInput) => saveStamp(groupId, stamp?.id ?? null, input),
    onSuccess: async () => {
      snackbar.show(stamp ? 'settings.stamps.versionSaved' : 'settings.stamps.created', 'success');
      await queryClient.invalidateQueries({ queryKey: settingsKeys.stamps(groupId) });
      onClose();
    },
    onError: (err) => snackbar.show(settingsErrorKey(err)),
  });

  const submit = () => {
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
    <SettingsFormDialog
      titleId="stamp-designer-title"
      title={
        stamp ? t('settings.stamps.editTitle', { name: stamp.name, version: stamp.version }) : t('settings.stamps.new')
      }
      width="lg"
      fullScreenBelow="md"
      onClose={onClose}
      onSubmit={submit}
      submitLabel={stamp ? 'settings.stamps.saveVersion' : 'settings.stamps.create'}
      submitting={save.isPending}
      contentSx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}
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
        <ModeChoice<OverlayMode>
          id="stamp-overlay-mode"
          label={t('settings.stamps.overlay')}
          value={mode}
          onChange={setMode}
          modes={[
            ['compose', t('settings.stamps.compose')],
            ['upload', t('settings.stamps.upload')],
            ...(stamp ? [['keep', t('settings.stamps.keep')] as [OverlayMode, string]] : []),
          ]}
        />
        {mode === 'compose' && (
          <DesignFields
            design={design}
            onChange={setDesign}
            stocks={stocks.data ?? []}
            bannerError={has('overlay.design.banner')}
          />
        )}
        {mode === 'upload' && (
          <FileChoice
            label={t('settings.stamps.uploadOverlay')}
            accept="image/png"
            testId="stamp-overlay-file"
            fileName={upload?.name}
            help={t('settings.stamps.overlayHelp')}
            error={has('overlay')}
            onFile={(image, file) => setUpload({ image, name: file.name })}
          />
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
        <ModeChoice<BackgroundMode>
          id="stamp-background-mode"
          label={t('settings.stamps.background')}
          value={bgMode}
          onChange={setBgMode}
          modes={[
            ['colour', t('settings.stamps.backgroundColour')],
            ['upload', t('settings.stamps.backgroundPicture')],
            ['none', t('settings.stamps.backgroundNone')],
            ...(stamp?.cropping.backgroundUrl ? [['keep', t('settings.stamps.keep')] as [BackgroundMode, string]] : []),
          ]}
        />
        {bgMode === 'colour' && (
          <TextField
            type="color"
            label={t('settings.stamps.backgroundColour')}
            value={bgColour}
            onChange={(e) => setBgColour(e.target.value)}
          />
        )}
        {bgMode === 'upload' && (
          <FileChoice
            label={t('settings.stamps.uploadBackground')}
            accept="image/png,image/jpeg,image/webp"
            fileName={bgUpload?.name}
            help={t('settings.stamps.backgroundHelp')}
            error={has('cropping.background')}
            onFile={(image, file) => setBgUpload({ image, name: file.name })}
          />
        )}
      </Box>
      <StampPreviewPanel groupId={groupId} format={format} overlay={previewOverlay} />
    </SettingsFormDialog>
  );
}
