import type { PlateCorners, ShootingDetail, ShootingImage } from '@forecourt/contracts';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Grid,
  LinearProgress,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchPlateCorners } from './editing-api';
import { originalOf, runCoverFlow, runCropFlow, type CropProgress } from './edit-flows';
import { pictureNumber, type EditResult } from './edit-results';
import type { EditMode } from './use-edit-mode';
import { centredPlate } from './plate-geometry';
import { PlateQuadEditor } from './plate-quad-editor';
import { editingKeys } from './editing-keys';

/** What follows Done in edit mode: the plate editor (cover) or the cropping progress, then the results. */
export function EditingWorkflow({
  shooting,
  submission,
}: {
  shooting: ShootingDetail;
  submission: EditMode['submission'];
}) {
  const [results, setResults] = useState<EditResult[] | null>(null);
  if (!submission) return null;
  const selected = submission.imageIds
    .map((id) => shooting.images.find((i) => i.id === id))
    .filter((i): i is ShootingImage => Boolean(i));
  if (results) return <ResultsDialog results={results} images={shooting.images} />;
  return submission.type === 'CROPPING' ? (
    <CroppingDialog shooting={shooting} selected={selected} onResults={setResults} />
  ) : (
    <CoverDialog shooting={shooting} selected={selected} onResults={setResults} />
  );
}

/** What an edit dialog works on, and where it hands the results. */
interface EditDialogProps {
  shooting: ShootingDetail;
  selected: ShootingImage[];
  onResults: (r: EditResult[]) => void;
}

function CroppingDialog({ shooting, selected, onResults }: EditDialogProps) {
  const { t } = useTranslation();
  const [step, setStep] = useState<CropProgress>('gettingConfigurations');
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    runCropFlow(shooting.id, shooting.images, selected, (s) => live && setStep(s)).then(
      (r) => live && onResults(r),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
    // The flow runs once per submission.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <Dialog open fullWidth maxWidth="sm" aria-labelledby="cropping-title">
      <DialogTitle id="cropping-title">{t('editing.cropping.title')}</DialogTitle>
      <DialogContent>
        {failed ? (
          <Alert severity="error">{t('api.commonError')}</Alert>
        ) : (
          <Stack spacing={2} role="status" aria-live="polite">
            <Typography>{t(`editing.cropping.progress.${step}`)}</Typography>
            <LinearProgress />
          </Stack>
        )}
      </DialogContent>
      {failed ? (
        <DialogActions>
          <Button onClick={() => window.location.reload()}>{t('common.close')}</Button>
        </DialogActions>
      ) : null}
    </Dialog>
  );
}

function CoverDialog({ shooting, selected, onResults }: EditDialogProps) {
  const { t } = useTranslation();
  const originals = selected.map((image) => originalOf(shooting.images, image));
  const detected = useQuery({
    queryKey: editingKeys.plateCorners(
      shooting.id,
      originals.map((o) => o.id),
    ),
    queryFn: () =>
      fetchPlateCorners(
        shooting.id,
        originals.map((o) => o.id),
      ),
    staleTime: Infinity,
  });
  // The user's changes over what detection found, per picture.
  const [edited, setPlates] = useState<Record<string, PlateCorners[]>>({});
  const [applying, setApplying] = useState(false);
  const found = Object.fromEntries(
    (detected.data?.images ?? []).map((i) => [i.imageId, i.plates.map((p) => p.corners)]),
  );
  const plates: Record<string, PlateCorners[]> = { ...found, ...edited };
  const ready = detected.data && originals.every((o) => (plates[o.id]?.length ?? 0) > 0);
  const apply = () => {
    setApplying(true);
    void runCoverFlow(
      shooting.id,
      originals.map((original) => ({ original, plates: plates[original.id] ?? [] })),
    ).then(onResults);
  };
  return (
    <Dialog open fullWidth maxWidth="lg" aria-labelledby="cover-title">
      <DialogTitle id="cover-title">{t('editing.cover.title')}</DialogTitle>
      <DialogContent>
        {detected.isPending ? (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
            <CircularProgress size={24} />
            <Typography>{t('editing.cover.detecting')}</Typography>
          </Stack>
        ) : detected.isError ? (
          <Alert severity="error">{t('api.commonError')}</Alert>
        ) : (
          <Stack spacing={2}>
            <Typography>{t('editing.cover.instructions')}</Typography>
            <Grid container spacing={2}>
              {originals.map((original) => {
                const size = detected.data!.images.find((i) => i.imageId === original.id)!;
                const own = plates[original.id] ?? [];
                return (
                  <Grid
                    key={original.id}
                    size={{ xs: 12, md: 6 }}
                    component="section"
                    aria-label={t('editing.imageLabel', { order: pictureNumber(shooting.images, original.order) })}
                  >
                    <Stack spacing={1}>
                      <PlateQuadEditor
                        src={original.url}
                        width={size.width}
                        height={size.height}
                        plates={own}
                        onChange={(next) => setPlates((p) => ({ ...p, [original.id]: next }))}
                      />
                      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                        <Typography variant="body2" sx={{ flex: '1 1 12rem' }}>
                          {own.length
                            ? t('editing.cover.platesFound', { count: own.length })
                            : t('editing.cover.noPlate')}
                        </Typography>
                        <Button
                          size="small"
                          disabled={applying}
                          onClick={() =>
                            setPlates((p) => ({ ...p, [original.id]: [...own, centredPlate(size.width, size.height)] }))
                          }
                        >
                          {t('editing.cover.addPlate')}
                        </Button>
                        <Button
                          size="small"
                          disabled={own.length === 0 || applying}
                          onClick={() => setPlates((p) => ({ ...p, [original.id]: [] }))}
                        >
                          {t('editing.cover.clear')}
                        </Button>
                      </Stack>
                    </Stack>
                  </Grid>
                );
              })}
            </Grid>
          </Stack>
        )}
        {applying ? <LinearProgress sx={{ mt: 2 }} aria-label={t('editing.cover.applying')} /> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => window.location.reload()} disabled={applying}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" onClick={apply} disabled={!ready || applying}>
          {t('editing.cover.apply')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** One line per picture with its success or error; closing reloads the page (spec section 2). */
function ResultsDialog({ results, images }: { results: EditResult[]; images: ShootingImage[] }) {
  const { t } = useTranslation();
  return (
    <Dialog open fullWidth maxWidth="sm" onClose={() => window.location.reload()} aria-labelledby="results-title">
      <DialogTitle id="results-title">{t('editing.results.title')}</DialogTitle>
      <DialogContent>
        <List dense aria-label={t('editing.results.title')}>
          {results.map((r) => (
            <ListItem key={r.imageId} data-testid="edit-result">
              <ListItemIcon>
                {r.success ? <CheckCircleIcon color="success" /> : <ErrorIcon color="error" />}
              </ListItemIcon>
              <ListItemText
                primary={t('editing.imageLabel', { order: pictureNumber(images, r.order) })}
                secondary={t(r.messageKey)}
              />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => window.location.reload()}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
