import { zodResolver } from '@hookform/resolvers/zod';
import { FORMATS, Format, registrationProblem, type AvailableProduct } from '@forecourt/contracts';
import {
  Alert,
  Button,
  Container,
  FormControl,
  FormControlLabel,
  FormLabel,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useForm, useWatch, type PathValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { useSnackbar } from '../../components/snackbar';
import { ImageDropZone } from './image-drop-zone';
import { ImagePreviews, noticeableCuts } from './image-previews';
import { RegistrationField } from './registration-field';
import { newSendState, type DraftToSend, type SendApi } from './send-shooting';
import {
  completePhotoWorkflow,
  createVirtualProduct,
  fetchAvailableProducts,
  fetchCurrentUser,
  fetchOwners,
  fetchStamps,
  generatePresignedUrls,
  registerImages,
} from './shooting-create-api';
import { StampSelector } from './stamp-selector';
import { StockSelector } from './stock-selector';
import { uploadFile } from './upload-file';
import { usePickedImages } from './use-picked-images';
import { usersKeys } from '../../api/users-keys';
import { shootingCreateKeys } from './shooting-create-keys';

/** The new shooting draft of spec section 3, images aside. */
const Draft = z.object({
  status: z.enum(['create', 'modify']),
  registration: z.string().refine((s) => registrationProblem(s) === null),
  productId: z.string().nullable(),
  ownerId: z.string().min(1),
  format: Format.or(z.literal('')),
  stampId: z.string().min(1),
});
type Draft = z.infer<typeof Draft>;
const EMPTY: Draft = { status: 'create', registration: '', productId: null, ownerId: '', format: '', stampId: '' };

// The send dialog (stepper, progress, refusals) loads when the user first sends.
const SendDialog = lazy(() => import('./send-dialog').then((m) => ({ default: m.SendDialog })));

const sendApi: SendApi = {
  uuid: () => crypto.randomUUID(),
  createVirtualProduct,
  generatePresignedUrls,
  uploadFile,
  registerImages,
  completePhotoWorkflow,
};

/** /shootings/create: the add-shooting form of spec sections 2, 4 and 5. */
export function ShootingCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const pictures = usePickedImages();
  const form = useForm<Draft>({ resolver: zodResolver(Draft), defaultValues: EMPTY, mode: 'onChange' });
  const { status, registration, ownerId, format, stampId, productId } = useWatch({
    control: form.control,
    defaultValue: EMPTY,
  }) as Draft;
  const [confirming, setConfirming] = useState(false);
  const [sendUsed, setSendUsed] = useState(false);

  const me = useQuery({ queryKey: usersKeys.me(), queryFn: fetchCurrentUser });
  const userId = me.data?.id;
  const owners = useQuery({
    queryKey: usersKeys.owners(userId),
    queryFn: () => fetchOwners(userId!),
    enabled: Boolean(userId),
  });
  const ownerIds = useMemo(() => (owners.data ?? []).map((o) => o.id), [owners.data]);
  const products = useQuery({
    queryKey: shootingCreateKeys.availableProducts(ownerIds),
    queryFn: () => fetchAvailableProducts(ownerIds),
    enabled: ownerIds.length > 0,
  });
  const stamps = useQuery({
    queryKey: usersKeys.stamps(userId, format),
    queryFn: () => fetchStamps(userId!, format as Format),
    enabled: Boolean(userId && format),
  });

  useEffect(() => {
    if (owners.isError) snackbar.show('api.getLabelOwnerError');
  }, [owners.isError, snackbar]);
  useEffect(() => {
    if (products.isError) snackbar.show('api.getProductsError');
  }, [products.isError, snackbar]);
  useEffect(() => {
    if (stamps.isError) snackbar.show('api.getStampsError');
  }, [stamps.isError, snackbar]);

  // What a previous attempt achieved, so that a retry resumes. Another vehicle starts afresh; other changes
  // keep the vehicle already created and the files already uploaded, and register again.
  const sendState = useRef(newSendState(sendApi.uuid));
  useEffect(() => {
    sendState.current = newSendState(sendApi.uuid);
  }, [status, registration, ownerId, productId]);
  useEffect(() => {
    sendState.current = { ...sendState.current, shootingId: null, validated: false };
  }, [format, stampId, pictures.images]);

  const set = useCallback(
    <K extends keyof Draft>(name: K, value: Draft[K]) =>
      form.setValue(name, value as PathValue<Draft, K>, { shouldValidate: true, shouldDirty: true }),
    [form],
  );

  const onRegistration = (text: string, product: AvailableProduct | null) => {
    if (!text) {
      // Clearing the registration resets registration, images and stamp (spec section 4).
      form.reset({
        ...form.getValues(),
        registration: '',
        status: 'create',
        productId: null,
        ownerId: '',
        stampId: '',
      });
      pictures.clear();
      return;
    }
    set('registration', text);
    set('status', product ? 'modify' : 'create');
    set('productId', product?.id ?? null);
    set('ownerId', product?.ownerId ?? (status === 'modify' ? '' : form.getValues('ownerId')));
  };

  const onSelectOwner = useCallback((id: string) => set('ownerId', id), [set]);

  const showStock = status === 'create' && Boolean(registration) && Boolean(format);
  // What stamping to the chosen format will cut from each picture, shown before anything is sent.
  const cuts = useMemo(() => noticeableCuts(pictures.images, format || null), [pictures.images, format]);
  const picturesOk = pictures.images.length > 0 && !pictures.checking && pictures.problems.length === 0;
  const canAdd = registrationProblem(registration) === null && Boolean(ownerId && stampId) && picturesOk;

  const draft: DraftToSend | null =
    canAdd && userId && format
      ? {
          productId,
          registration: registration.trim(),
          ownerId,
          format,
          stampId,
          userId,
          images: pictures.images.map((i) => ({ key: i.key, file: i.file })),
        }
      : null;

  const onSent = () => {
    setConfirming(false);
    form.reset(EMPTY);
    pictures.clear();
    snackbar.show('api.setImagesfromBucketSuccess', 'success');
    void navigate('/shootings');
  };

  return (
    <Container maxWidth="md" sx={{ py: 3 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {t('shootingCreate.title')}
      </Typography>
      <Paper sx={{ p: 3 }}>
        <Stack spacing={3}>
          <RegistrationField
            value={registration}
            products={products.data ?? []}
            loading={products.isLoading}
            onChange={onRegistration}
          />
          {status === 'modify' && <Alert severity="info">{t('shootingCreate.knownVehicle')}</Alert>}
          <Controller
            control={form.control}
            name="format"
            render={({ field }) => (
              <FormControl>
                <FormLabel id="format-label">{t('shootingCreate.format')}</FormLabel>
                <RadioGroup
                  row
                  aria-labelledby="format-label"
                  value={field.value}
                  onChange={(e) => {
                    field.onChange(e.target.value);
                    // A stamp belongs to one format: changing it clears the choice and reloads the list.
                    set('stampId', '');
                  }}
                >
                  {FORMATS.map((f) => (
                    <FormControlLabel key={f} value={f} control={<Radio />} label={f} />
                  ))}
                </RadioGroup>
              </FormControl>
            )}
          />
          {showStock && <StockSelector owners={owners.data ?? []} value={ownerId} onChange={onSelectOwner} />}
          <StampSelector
            stamps={format ? (stamps.data ?? []) : []}
            value={stampId}
            onChange={(id) => set('stampId', id)}
            disabled={!format || stamps.isLoading}
          />
          <ImageDropZone onFiles={(files) => pictures.add(files)} />
          {pictures.leftOut.length > 0 && (
            <Alert severity="warning" data-testid="left-out-files">
              {t('shootingCreate.leftOut', { names: pictures.leftOut.join(', ') })}
            </Alert>
          )}
          {pictures.problems.includes('tooLarge') && (
            <Alert severity="error">{t('shootingCreate.sizeLimitHint')}</Alert>
          )}
          {pictures.problems.includes('tooManyPixels') && (
            <Alert severity="error">{t('shootingCreate.pixelLimitHint')}</Alert>
          )}
          {pictures.problems.includes('unsupportedFormat') && (
            <Alert severity="error">{t('shootingCreate.formatHint')}</Alert>
          )}
          {pictures.problems.includes('unreadable') && (
            <Alert severity="error">{t('shootingCreate.unreadableHint')}</Alert>
          )}
          {cuts.size > 0 && (
            <Alert severity="warning" data-testid="crop-warning">
              {t('shootingCreate.crop.summary', { format })}
            </Alert>
          )}
          <ImagePreviews images={pictures.images} onRemove={pictures.remove} onMove={pictures.move} cuts={cuts} />
          <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
            <Button
              variant="contained"
              size="large"
              disabled={!canAdd || !draft}
              onClick={() => {
                setSendUsed(true);
                setConfirming(true);
              }}
            >
              {t('shootingCreate.add')}
            </Button>
          </Stack>
        </Stack>
      </Paper>
      {sendUsed && (
        <Suspense fallback={null}>
          <SendDialog
            open={confirming}
            draft={draft}
            state={sendState}
            api={sendApi}
            onClose={() => setConfirming(false)}
            onSent={onSent}
          />
        </Suspense>
      )}
    </Container>
  );
}
