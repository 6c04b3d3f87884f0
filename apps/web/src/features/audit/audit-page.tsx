import type { AuditEntry, AuditFilters } from '@forecourt/contracts';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DownloadIcon from '@mui/icons-material/Download';
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
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/http';
import { useAuth } from '../../auth/auth-context';
import { stackedRowsOnPhones } from '../../components/stacked-rows';
import { downloadAuditCsv, listAudit } from './audit-api';

const FILTERS = ['action', 'actor', 'targetType', 'targetId', 'from', 'to', 'groupId'] as const;
type FilterName = (typeof FILTERS)[number];
const EMPTY: Record<FilterName, string> = Object.fromEntries(FILTERS.map((f) => [f, ''])) as never;

const asList = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);
const json = (v: unknown) => (v === null || v === undefined ? '—' : JSON.stringify(v, null, 1));

/**
 * /audit: the administrative changes the user may read (every group for provider administrators, their own
 * group for its managers), filtered, paged newest first, and exported as CSV with the same filters.
 */
export function AuditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useAuth();
  const providerAdmin = asList(user?.profile?.habilitations).includes('PROVIDER_ADMINISTRATOR');
  const [draft, setDraft] = useState(EMPTY);
  const [filters, setFilters] = useState<AuditFilters>({});
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState(false);

  const audit = useInfiniteQuery({
    queryKey: ['audit', filters],
    queryFn: ({ pageParam }) => listAudit(filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const entries: AuditEntry[] = audit.data?.pages.flatMap((p) => p.items) ?? [];
  const column = (key: string) => t(`audit.columns.${key}`);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters(Object.fromEntries(Object.entries(draft).filter(([, v]) => v.trim())) as AuditFilters);
  };
  const exportCsv = async () => {
    setExporting(true);
    setExportError(false);
    try {
      await downloadAuditCsv(filters);
    } catch {
      setExportError(true);
    }
    setExporting(false);
  };

  const errorKey =
    audit.error instanceof ApiError
      ? audit.error.status === 403
        ? 'audit.forbidden'
        : audit.error.status === 400
          ? 'audit.badFilters'
          : audit.error.status === 404
            ? 'audit.unknownGroup'
            : 'api.commonError'
      : 'api.commonError';

  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <IconButton aria-label={t('common.back')} onClick={() => void navigate('/shootings')}>
          <ArrowBackIcon />
        </IconButton>
        <Typography variant="h5" component="h1">
          {t('audit.title')}
        </Typography>
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t(providerAdmin ? 'audit.explanationAll' : 'audit.explanationGroup')}
      </Typography>

      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Box
          component="form"
          noValidate
          onSubmit={apply}
          aria-label={t('audit.filters')}
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, 1fr)' } }}
        >
          {FILTERS.filter((f) => f !== 'groupId' || providerAdmin).map((name) => (
            <TextField
              key={name}
              size="small"
              name={name}
              label={t(`audit.filter.${name}`)}
              type={name === 'from' || name === 'to' ? 'date' : 'text'}
              value={draft[name]}
              onChange={(e) => setDraft((d) => ({ ...d, [name]: e.target.value }))}
              slotProps={name === 'from' || name === 'to' ? { inputLabel: { shrink: true } } : undefined}
            />
          ))}
          <Stack
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', gridColumn: { md: 'span 4' }, flexWrap: 'wrap' }}
          >
            <Button type="submit" variant="contained">
              {t('audit.apply')}
            </Button>
            <Button
              type="button"
              onClick={() => {
                setDraft(EMPTY);
                setFilters({});
              }}
            >
              {t('audit.reset')}
            </Button>
            <Button
              type="button"
              variant="outlined"
              startIcon={exporting ? <CircularProgress size={16} color="inherit" /> : <DownloadIcon />}
              disabled={exporting || audit.isError}
              onClick={() => void exportCsv()}
            >
              {t('audit.export')}
            </Button>
          </Stack>
        </Box>
      </Paper>
      {exportError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('audit.exportFailed')}
        </Alert>
      )}

      {audit.isPending && (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label={t('common.loading')} />
        </Box>
      )}
      {audit.isError && <Alert severity="error">{t(errorKey)}</Alert>}
      {audit.isSuccess && entries.length === 0 && (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography color="text.secondary">{t('audit.empty')}</Typography>
        </Paper>
      )}
      {entries.length > 0 && (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }} data-testid="audit-log">
          <Table size="small" aria-label={t('audit.title')} sx={stackedRowsOnPhones}>
            <TableHead>
              <TableRow>
                {['at', 'actor', 'group', 'action', 'target', 'before', 'after', 'address'].map((key) => (
                  <TableCell key={key} sx={{ fontWeight: 600 }}>
                    {column(key)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {entries.map((e) => (
                <TableRow key={e.id} sx={{ verticalAlign: 'top' }}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }} data-label={column('at')}>
                    {dayjs(e.at).format('DD/MM/YYYY - HH:mm:ss')}
                  </TableCell>
                  <TableCell data-label={column('actor')} sx={{ overflowWrap: 'anywhere' }}>
                    {e.actorLabel}
                  </TableCell>
                  <TableCell data-label={column('group')}>{e.groupId ?? '—'}</TableCell>
                  <TableCell data-label={column('action')}>
                    <code>{e.action}</code>
                  </TableCell>
                  <TableCell data-label={column('target')} sx={{ overflowWrap: 'anywhere' }}>
                    {e.targetType}
                    {e.targetId ? ` ${e.targetId}` : ''}
                  </TableCell>
                  {(['before', 'after'] as const).map((side) => (
                    <TableCell key={side} data-label={column(side)}>
                      <Box
                        component="pre"
                        sx={{ m: 0, fontSize: 12, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxWidth: 320 }}
                      >
                        {json(e[side])}
                      </Box>
                    </TableCell>
                  ))}
                  <TableCell data-label={column('address')}>{e.clientAddress ?? '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
      {audit.hasNextPage && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
          <Button onClick={() => void audit.fetchNextPage()} disabled={audit.isFetchingNextPage}>
            {t('audit.more')}
          </Button>
        </Box>
      )}
    </Container>
  );
}
