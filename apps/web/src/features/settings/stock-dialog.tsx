import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import TranslateIcon from '@mui/icons-material/Translate';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CONTACT_LINES_MAX, StockInput, type ImageUpload, type SettingsStock } from '@forecourt/contracts/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../components/snackbar';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../i18n/languages';
import { ImageUploadButton } from './image-upload-button';
import { createStock, settingsErrorKey, updateStock, uploadStockImage } from './settings-api';
import { settingsKeys } from './settings-keys';
import { SettingsFormDialog, type SettingsEditorProps } from './settings-form-dialog';
import { EditableLine } from './editable-line';

type Line = { title: string; value: string; titles?: Partial<Record<Language, string>> };

/** The line as the contract takes it: a title left empty in a language is no title in it. */
const withoutEmptyTitles = ({ titles, ...line }: Line) => {
  const given = Object.entries(titles ?? {}).filter(([, v]) => v?.trim());
  return given.length ? { ...line, titles: Object.fromEntries(given) } : line;
};

/**
 * Creates or edits a stock: name, label, the contact card's lines and phone; once it exists, its logo and
 * plate cover. A new stock stays open after saving so that its images can be added.
 */
export function StockDialog({ groupId, stock, onClose }: SettingsEditorProps & { stock: SettingsStock | null }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState<SettingsStock | null>(stock);
  const [name, setName] = useState(stock?.name ?? '');
  const [label, setLabel] = useState(stock?.label ?? '');
  const [phone, setPhone] = useState(stock?.contactPhone ?? '');
  const [lines, setLines] = useState<Line[]>(stock?.contactInformation ?? []);
  const [errors, setErrors] = useState<Set<string>>(new Set());
  // The lines whose titles in the ten languages are open for editing.
  const [translating, setTranslating] = useState<Set<number>>(new Set());
  const refresh = () => queryClient.invalidateQueries({ queryKey: settingsKeys.stocks(groupId) });

  const save = useMutation({
    mutationFn: (input: StockInput) =>
      current ? updateStock(groupId, current.id, input) : createStock(groupId, input),
    onSuccess: async (saved) => {
      snackbar.show('settings.stocks.saved', 'success');
      await refresh();
      if (current) onClose();
      else setCurrent(saved);
    },
    onError: (err) => snackbar.show(settingsErrorKey(err)),
  });
  const image = useMutation({
    mutationFn: ({ kind, upload }: { kind: 'logo' | 'plate-cover'; upload: ImageUpload }) =>
      uploadStockImage(groupId, current!.id, kind, upload),
    onSuccess: async (saved) => {
      setCurrent(saved);
      snackbar.show('settings.stocks.imageSaved', 'success');
      await refresh();
    },
    onError: (err) => snackbar.show(settingsErrorKey(err)),
  });

  const submit = () => {
    const parsed = StockInput.safeParse({
      name,
      label,
      contactInformation: lines.map(withoutEmptyTitles),
      contactPhone: phone,
    });
    setErrors(new Set(parsed.success ? [] : parsed.error.issues.map((i) => i.path.join('.'))));
    if (parsed.success) save.mutate(parsed.data);
  };
  const err = (path: string, key = 'settings.errors.required') =>
    errors.has(path) ? { error: true, helperText: t(key) } : {};
  const setLine = (n: number, patch: Partial<Line>) =>
    setLines((ls) => ls.map((l, i) => (i === n ? { ...l, ...patch } : l)));

  return (
    <SettingsFormDialog
      titleId="settings-stock-title"
      title={t(current ? 'settings.stocks.edit' : 'settings.stocks.new')}
      width="sm"
      fullScreenBelow="sm"
      onClose={onClose}
      onSubmit={submit}
      submitLabel="settings.save"
      cancelLabel={current && !stock ? 'settings.close' : 'settings.cancel'}
      submitting={save.isPending}
      contentSx={{ display: 'grid', gap: 2, pt: 1 }}
    >
      <TextField
        label={t('settings.stocks.name')}
        value={name}
        onChange={(e) => setName(e.target.value)}
        required
        {...err('name')}
        sx={{ mt: 1 }}
      />
      <TextField
        label={t('settings.stocks.label')}
        value={label}
        onChange={(e) => setLabel(e.target.value)}
        required
        {...err('label')}
      />
      <TextField
        label={t('settings.stocks.phone')}
        value={phone}
        onChange={(e) => setPhone(e.target.value)}
        placeholder="+33 1 23 45 67 89"
        {...(errors.has('contactPhone')
          ? { error: true, helperText: t('settings.errors.phone') }
          : { helperText: t('settings.stocks.phoneHelp') })}
        slotProps={{ htmlInput: { inputMode: 'tel' } }}
      />
      <Typography component="h3" variant="subtitle2">
        {t('settings.stocks.contact')}
      </Typography>
      {lines.map((line, n) => (
        <EditableLine key={n} columns="1fr 2fr auto">
          <TextField
            size="small"
            label={t('settings.stocks.lineTitle', { n: n + 1 })}
            value={line.title}
            onChange={(e) => setLine(n, { title: e.target.value })}
            {...err(`contactInformation.${n}.title`)}
          />
          <TextField
            size="small"
            label={t('settings.stocks.lineValue', { n: n + 1 })}
            value={line.value}
            onChange={(e) => setLine(n, { value: e.target.value })}
            {...err(`contactInformation.${n}.value`)}
            sx={{ gridRow: { xs: 2, sm: 'auto' } }}
          />
          <IconButton
            aria-label={t('settings.stocks.removeLine', { n: n + 1 })}
            onClick={() => {
              setLines((ls) => ls.filter((_, i) => i !== n));
              setTranslating(new Set());
            }}
          >
            <DeleteIcon />
          </IconButton>
          <Box sx={{ gridColumn: '1 / -1' }}>
            <Button
              size="small"
              startIcon={<TranslateIcon />}
              aria-expanded={translating.has(n)}
              aria-controls={`stock-line-titles-${n}`}
              onClick={() =>
                setTranslating((open) => {
                  const next = new Set(open);
                  if (!next.delete(n)) next.add(n);
                  return next;
                })
              }
            >
              {t('settings.stocks.lineTitles', {
                n: n + 1,
                given: Object.values(line.titles ?? {}).filter((v) => v?.trim()).length,
              })}
            </Button>
            {translating.has(n) && (
              <Box
                id={`stock-line-titles-${n}`}
                role="group"
                aria-label={t('settings.stocks.lineTitlesGroup', { n: n + 1 })}
                sx={{ display: 'grid', gap: 1, mt: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
              >
                {LANGUAGES.map((lang) => (
                  <TextField
                    key={lang}
                    size="small"
                    lang={lang}
                    label={LANGUAGE_NAMES[lang]}
                    value={line.titles?.[lang] ?? ''}
                    onChange={(e) => setLine(n, { titles: { ...line.titles, [lang]: e.target.value } })}
                    {...err(`contactInformation.${n}.titles.${lang}`, 'settings.errors.tooLong')}
                  />
                ))}
              </Box>
            )}
          </Box>
        </EditableLine>
      ))}
      <Box>
        <Button
          size="small"
          startIcon={<AddIcon />}
          disabled={lines.length >= CONTACT_LINES_MAX}
          onClick={() => setLines((ls) => [...ls, { title: '', value: '' }])}
        >
          {t('settings.stocks.addLine')}
        </Button>
      </Box>
      {current ? (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {(['logo', 'plate-cover'] as const).map((kind) => {
            const url = kind === 'logo' ? current.logoUrl : current.plateCoverUrl;
            const title = t(kind === 'logo' ? 'settings.stocks.logo' : 'settings.stocks.plateCover');
            return (
              <Box key={kind} sx={{ display: 'grid', gap: 1, justifyItems: 'start' }}>
                <Typography component="h3" variant="subtitle2">
                  {title}
                </Typography>
                {url ? (
                  <Box
                    component="img"
                    src={url}
                    alt={title}
                    sx={{ maxWidth: 200, maxHeight: 80, objectFit: 'contain', bgcolor: 'grey.200', p: 0.5 }}
                  />
                ) : (
                  <Typography variant="body2" color="text.secondary">
                    {t('settings.stocks.noImage')}
                  </Typography>
                )}
                <ImageUploadButton
                  label={t(kind === 'logo' ? 'settings.stocks.uploadLogo' : 'settings.stocks.uploadPlateCover')}
                  accept="image/png,image/jpeg,image/webp"
                  disabled={image.isPending}
                  testId={`stock-${kind}-file`}
                  onFile={(upload) => image.mutate({ kind, upload })}
                />
              </Box>
            );
          })}
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('settings.stocks.imagesAfterSave')}
        </Typography>
      )}
    </SettingsFormDialog>
  );
}
