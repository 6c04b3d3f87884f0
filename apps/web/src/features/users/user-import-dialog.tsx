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
import type { UserImportResult } from '@forecourt/contracts/user-board';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../components/snackbar';
import { boardErrorKey } from './board-errors';
import { importUsers } from './users-api';

/**
 * Imports users from a CSV file: a dry run first shows what each line would do or what is wrong with it;
 * the import itself is offered only for a file whose every line is valid, and writes it whole.
 */
export function UserImportDialog(props: { group?: string; onClose: () => void }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const ids = { title: useId(), file: useId(), help: useId() };
  const [csv, setCsv] = useState<string | null>(null);
  const [result, setResult] = useState<UserImportResult | null>(null);
  const run = useMutation({
    mutationFn: (dryRun: boolean) => importUsers(csv ?? '', dryRun, props.group),
    onSuccess: async (r) => {
      setResult(r);
      if (r.applied) {
        await queryClient.invalidateQueries({ queryKey: ['user-board'] });
        snackbar.show('users.importApplied', 'success');
        props.onClose();
      }
    },
    onError: (err) => snackbar.show(boardErrorKey(err)),
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
      <DialogTitle id={ids.title}>{t('users.importTitle')}</DialogTitle>
      <DialogContent dividers sx={{ display: 'grid', gap: 2 }}>
        <Typography id={ids.help}>{t('users.importHelp')}</Typography>
        <Box>
          <Typography component="label" htmlFor={ids.file} sx={{ display: 'block', mb: 0.5 }}>
            {t('users.importFile')}
          </Typography>
          <input
            id={ids.file}
            type="file"
            accept=".csv,text/csv"
            aria-describedby={ids.help}
            data-testid="import-file"
            onChange={(e) => {
              const file = e.target.files?.[0];
              setResult(null);
              if (file) void file.text().then(setCsv);
              else setCsv(null);
            }}
          />
        </Box>
        <Alert severity="info">{t('users.importNothing')}</Alert>
        {result && result.errors.length > 0 && (
          <>
            <Alert severity="error" role="alert">
              {t('users.importErrors', { count: result.errors.length })}
            </Alert>
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" data-testid="import-errors">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('users.line')}</TableCell>
                    <TableCell>{t('users.field')}</TableCell>
                    <TableCell>{t('users.reason')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {result.errors.map((e, i) => (
                    <TableRow key={i}>
                      <TableCell>{e.line}</TableCell>
                      <TableCell>{e.field}</TableCell>
                      <TableCell>
                        {t(`users.reasons.${e.reason}`)}
                        {e.value ? ` (${e.value})` : ''}
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
              {t('users.importChanges')}
            </Typography>
            <Table size="small" data-testid="import-changes">
              <TableHead>
                <TableRow>
                  <TableCell>{t('users.line')}</TableCell>
                  <TableCell>{t('users.email')}</TableCell>
                  <TableCell>{t('users.action')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {result.changes.map((c) => (
                  <TableRow key={c.line}>
                    <TableCell>{c.line}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{c.email}</TableCell>
                    <TableCell>{t(`users.action${c.action}`, { fields: c.fields.join(', ') })}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={props.onClose} disabled={run.isPending}>
          {t('users.close')}
        </Button>
        <Button variant="outlined" disabled={!csv || run.isPending} onClick={() => run.mutate(true)}>
          {t('users.importCheck')}
        </Button>
        <Button variant="contained" disabled={!valid || run.isPending} onClick={() => run.mutate(false)}>
          {t('users.importApply', { count: result?.changes.length ?? 0 })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
