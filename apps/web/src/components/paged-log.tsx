import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { stackedRowsOnPhones } from './stacked-rows';

/** One column of a log: its translated name and what its cell shows of a row. */
export interface LogColumn<Row> {
  label: string;
  cell: (row: Row) => ReactNode;
  sx?: SxProps<Theme>;
  /** Shown without its name on a phone's stacked rows (a long text that takes the whole line). */
  unlabelled?: boolean;
}

/** A log entry's time, as every log of the portal shows it. */
export const logTime = (iso: string): string => dayjs(iso).format('DD/MM/YYYY - HH:mm:ss');

/**
 * A page of a log, newest first (the audit log, the outbox): the title with the back button, what the log
 * holds, optional filters, then the loading state, the translated error, "nothing yet" or the table (stacked
 * rows on a phone), and a button for the next page when there is one.
 */
export function PagedLog<Row extends { id: string }>({
  title,
  explanation,
  filters,
  pending,
  errorKey,
  loaded,
  rows,
  emptyKey,
  columns,
  testId,
  more,
}: {
  title: string;
  explanation: string;
  filters?: ReactNode;
  pending: boolean;
  /** The locale key of the load's error, or null. */
  errorKey: string | null;
  /** Whether the log was read: only then does an empty one say so. */
  loaded: boolean;
  rows: readonly Row[];
  emptyKey: string;
  columns: readonly LogColumn<Row>[];
  testId: string;
  more?: { label: string; onClick: () => void; disabled: boolean } | null;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <IconButton aria-label={t('common.back')} onClick={() => void navigate('/shootings')}>
          <ArrowBackIcon />
        </IconButton>
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {explanation}
      </Typography>
      {filters}
      {pending && (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label={t('common.loading')} />
        </Box>
      )}
      {errorKey && <Alert severity="error">{t(errorKey)}</Alert>}
      {loaded && rows.length === 0 && (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography color="text.secondary">{t(emptyKey)}</Typography>
        </Paper>
      )}
      {rows.length > 0 && (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }} data-testid={testId}>
          <Table size="small" aria-label={title} sx={stackedRowsOnPhones}>
            <TableHead>
              <TableRow>
                {columns.map((c) => (
                  <TableCell key={c.label} sx={{ fontWeight: 600 }}>
                    {c.label}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.id} sx={{ verticalAlign: 'top' }}>
                  {columns.map((c) => (
                    <TableCell key={c.label} data-label={c.unlabelled ? undefined : c.label} sx={c.sx}>
                      {c.cell(row)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
      {more && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
          <Button onClick={more.onClick} disabled={more.disabled}>
            {more.label}
          </Button>
        </Box>
      )}
    </Container>
  );
}
