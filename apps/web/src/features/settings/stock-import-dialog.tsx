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
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CONTACT_LINES_MAX, type StockImportResult } from '@forecourt/contracts/settings';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../components/snackbar';
import { importStocks, settingsErrorKey } from './settings-api';
import { settingsKeys } from './settings-keys';

/**
 * Imports a group's stocks from a CSV file, as the user board imports users: a dry run first shows what each
 * line would do or what is wrong with it; the import itself is offered only for a file whose every line is
 * valid, and writes it whole.
 */
export function StockImportDialog(props: { groupId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const ids = { title: useId(), file: useId(), help: useId() };
  const [csv, setCsv] = useState<string | null>(null);
  const [result, setResult] = useState<StockImportResult | null>(null);
  const run = useMutation({
    mutationFn: (dryRun: boolean) => importStocks(props.groupId, csv ?? '', dryRun),
    onSuccess: async (r) => {
      setResult(r);
      if (r.applied) {
        await queryClient.invalidateQueries({ queryKey: settingsKeys.stocks(props.groupId) });
        await queryClient.invalidateQueries({ queryKey: settingsKeys.groups() });
        snackbar.show('stockImport.applied', 'success');
        props.onClose();
      }
    },
    onError: (err) => snackbar.show(settingsErrorKey(err)),
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
      <DialogTitle id={ids.title}>{t('stockImport.title')}</DialogTitle>
      <DialogContent dividers sx={{ display: 'grid', gap: 2 }}>
        <Typography id={ids.help}>{t('stockImport.help')}</Typography>
        <Box>
          <Typography component="label" htmlFor={ids.file} sx={{ display: 'block', mb: 0.5 }}>
            {t('stockImport.file')}
          </Typography>
          <input
            id={ids.file}
            type="file"
            accept=".csv,text/csv"
            aria-describedby={ids.help}
            data-testid="stock-import-file"
            style={{ maxWidth: '100%' }}
            onChange={(e) => {
              const file = e.target.files?.[0];
              setResult(null);
              if (file) void file.text().then(setCsv);
              else setCsv(null);
            }}
          />
        </Box>
        <Alert severity="info">{t('stockImport.nothing')}</Alert>
        {result && result.errors.length > 0 && (
          <>
            <Alert severity="error" role="alert">
              {t('stockImport.errors', { count: result.errors.length })}
            </Alert>
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" data-testid="stock-import-errors">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('stockImport.line')}</TableCell>
                    <TableCell>{t('stockImport.field')}</TableCell>
                    <TableCell>{t('stockImport.reason')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {result.errors.map((e, i) => (
                    <TableRow key={i}>
                      <TableCell>{e.line}</TableCell>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>{e.field}</TableCell>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>
                        {t(`stockImport.reasons.${e.reason}`, { max: CONTACT_LINES_MAX })}
                        {e.value && e.reason !== 'tooManyContacts' ? ` (${e.value})` : ''}
                      </TableCell>
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
              {t('stockImport.changes')}
            </Typography>
            <Table size="small" data-testid="stock-import-changes">
              <TableHead>
                <TableRow>
                  <TableCell>{t('stockImport.line')}</TableCell>
                  <TableCell>{t('stockImport.stock')}</TableCell>
                  <TableCell>{t('stockImport.action')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {result.changes.map((c) => (
                  <TableRow key={c.line}>
                    <TableCell>{c.line}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{c.name}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>
                      {t(`stockImport.action${c.action}`, { fields: c.fields.join(', ') })}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={props.onClose} disabled={run.isPending}>
          {t('stockImport.close')}
        </Button>
        <Button variant="outlined" disabled={!csv || run.isPending} onClick={() => run.mutate(true)}>
          {t('stockImport.check')}
        </Button>
        <Button variant="contained" disabled={!valid || run.isPending} onClick={() => run.mutate(false)}>
          {t('stockImport.apply', { count: result?.changes.length ?? 0 })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
