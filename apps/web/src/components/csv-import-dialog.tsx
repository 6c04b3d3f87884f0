import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from './snackbar';

/** What an import answers, dry run or not (the user board's and the settings' stocks' schemas share it). */
export interface CsvImportResult<C extends { line: number }> {
  dryRun: boolean;
  applied: boolean;
  changes: C[];
  errors: { line: number; field: string; reason: string; value?: string | undefined }[];
}

/** Translation keys of the dialog's texts. */
export interface CsvImportTexts {
  title: string;
  help: string;
  file: string;
  nothing: string;
  /** With `count`. */
  errors: string;
  line: string;
  field: string;
  reason: string;
  changes: string;
  /** The heading of the column that names what a line changes (an e-mail, a stock). */
  target: string;
  action: string;
  close: string;
  check: string;
  /** With `count`. */
  apply: string;
  applied: string;
}

/**
 * Imports a CSV file: a dry run first shows what each line would do or what is wrong with it; the import
 * itself is offered only for a file whose every line is valid, and the server writes it whole.
 */
export function CsvImportDialog<C extends { line: number }>(props: {
  texts: CsvImportTexts;
  /** Prefix of the test ids: `<testId>-file`, `<testId>-errors`, `<testId>-changes`. */
  testId: string;
  run: (csv: string, dryRun: boolean) => Promise<CsvImportResult<C>>;
  onApplied: () => Promise<void>;
  errorKey: (err: unknown) => string;
  reasonText: (error: CsvImportResult<C>['errors'][number]) => string;
  targetOf: (change: C) => string;
  actionText: (change: C) => string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const ids = { title: useId(), file: useId(), help: useId() };
  const [csv, setCsv] = useState<string | null>(null);
  const [result, setResult] = useState<CsvImportResult<C> | null>(null);
  const { texts } = props;
  const run = useMutation({
    mutationFn: (dryRun: boolean) => props.run(csv ?? '', dryRun),
    onSuccess: async (r) => {
      setResult(r);
      if (r.applied) {
        await props.onApplied();
        snackbar.show(texts.applied, 'success');
        props.onClose();
      }
    },
    onError: (err) => snackbar.show(props.errorKey(err)),
  });
  const valid = result?.dryRun && result.errors.length === 0;

  return (
    <Dialog
      open
      onClose={run.isPending ? undefined : props.onClose}
      aria-labelledby={ids.title}
      fullScreen={fullScreen}
      maxWidth="md"
      fullWidth
    >
      <DialogTitle id={ids.title}>{t(texts.title)}</DialogTitle>
      <DialogContent dividers sx={{ display: 'grid', gap: 2 }}>
        <Typography id={ids.help}>{t(texts.help)}</Typography>
        <Box>
          <Typography component="label" htmlFor={ids.file} sx={{ display: 'block', mb: 0.5 }}>
            {t(texts.file)}
          </Typography>
          <input
            id={ids.file}
            type="file"
            accept=".csv,text/csv"
            aria-describedby={ids.help}
            data-testid={`${props.testId}-file`}
            style={{ maxWidth: '100%' }}
            onChange={(e) => {
              const file = e.target.files?.[0];
              setResult(null);
              if (file) void file.text().then(setCsv);
              else setCsv(null);
            }}
          />
        </Box>
        <Alert severity="info">{t(texts.nothing)}</Alert>
        {result && result.errors.length > 0 && (
          <>
            <Alert severity="error" role="alert">
              {t(texts.errors, { count: result.errors.length })}
            </Alert>
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" data-testid={`${props.testId}-errors`}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t(texts.line)}</TableCell>
                    <TableCell>{t(texts.field)}</TableCell>
                    <TableCell>{t(texts.reason)}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {result.errors.map((e, i) => (
                    <TableRow key={i}>
                      <TableCell>{e.line}</TableCell>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>{e.field}</TableCell>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>{props.reasonText(e)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          </>
        )}
        {valid && (
          <Box sx={{ overflowX: 'auto' }}>
            <Typography variant="h6" component="h3" role="status">
              {t(texts.changes)}
            </Typography>
            <Table size="small" data-testid={`${props.testId}-changes`}>
              <TableHead>
                <TableRow>
                  <TableCell>{t(texts.line)}</TableCell>
                  <TableCell>{t(texts.target)}</TableCell>
                  <TableCell>{t(texts.action)}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {result.changes.map((c) => (
                  <TableRow key={c.line}>
                    <TableCell>{c.line}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{props.targetOf(c)}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{props.actionText(c)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={props.onClose} disabled={run.isPending}>
          {t(texts.close)}
        </Button>
        <Button variant="outlined" disabled={!csv || run.isPending} onClick={() => run.mutate(true)}>
          {t(texts.check)}
        </Button>
        <Button variant="contained" disabled={!valid || run.isPending} onClick={() => run.mutate(false)}>
          {t(texts.apply, { count: result?.changes.length ?? 0 })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
