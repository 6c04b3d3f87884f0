import type { AuditEntry, AuditFilters } from '@forecourt/contracts';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import MenuItem from '@mui/material/MenuItem';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http';
import { useAuth } from '../../auth/auth-context';
import { logTime, PagedLog, type LogColumn } from '../../components/paged-log';
import { fetchGroups } from '../settings/settings-api';
import { settingsKeys } from '../settings/settings-keys';
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
  const { user } = useAuth();
  const providerAdmin = asList(user?.profile?.habilitations).includes('PROVIDER_ADMINISTRATOR');
  const groups = useQuery({ queryKey: settingsKeys.groups(), queryFn: fetchGroups, enabled: providerAdmin });
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

  const errorKey = !audit.isError
    ? null
    : audit.error instanceof ApiError
      ? audit.error.status === 403
        ? 'audit.forbidden'
        : audit.error.status === 400
          ? 'audit.badFilters'
          : audit.error.status === 404
            ? 'audit.unknownGroup'
            : 'api.commonError'
      : 'api.commonError';

  const columns: LogColumn<AuditEntry>[] = [
    { label: column('at'), cell: (e) => logTime(e.at), sx: { whiteSpace: 'nowrap' } },
    { label: column('actor'), cell: (e) => e.actorLabel, sx: { overflowWrap: 'anywhere' } },
    { label: column('group'), cell: (e) => e.groupName ?? e.groupId ?? '—', sx: { overflowWrap: 'anywhere' } },
    { label: column('action'), cell: (e) => <code>{e.action}</code> },
    {
      label: column('target'),
      cell: (e) => `${e.targetType}${e.targetId ? ` ${e.targetId}` : ''}`,
      sx: { overflowWrap: 'anywhere' },
    },
    ...(['before', 'after'] as const).map((side) => ({
      label: column(side),
      cell: (e: AuditEntry) => (
        <Box
          component="pre"
          sx={{ m: 0, fontSize: 12, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxWidth: 320 }}
        >
          {json(e[side])}
        </Box>
      ),
    })),
    { label: column('address'), cell: (e) => e.clientAddress ?? '—' },
  ];

  return (
    <PagedLog
      title={t('audit.title')}
      explanation={t(providerAdmin ? 'audit.explanationAll' : 'audit.explanationGroup')}
      filters={
        <>
          <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
            <Box
              component="form"
              noValidate
              onSubmit={apply}
              aria-label={t('audit.filters')}
              sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, 1fr)' } }}
            >
              {FILTERS.filter((f) => f !== 'groupId' || providerAdmin).map((name) =>
                name === 'groupId' ? (
                  // Groups by name: an administrator knows a dealer by its name, not its id.
                  <TextField
                    key={name}
                    select
                    size="small"
                    name={name}
                    label={t('boardGroups.group')}
                    value={draft.groupId}
                    onChange={(e) => setDraft((d) => ({ ...d, groupId: e.target.value }))}
                  >
                    <MenuItem value="">{t('adminMessages.allGroups')}</MenuItem>
                    {(groups.data ?? []).map((g) => (
                      <MenuItem key={g.id} value={g.id}>
                        {g.name}
                      </MenuItem>
                    ))}
                  </TextField>
                ) : (
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
                ),
              )}
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
        </>
      }
      pending={audit.isPending}
      errorKey={errorKey}
      loaded={audit.isSuccess}
      rows={entries}
      emptyKey="audit.empty"
      columns={columns}
      testId="audit-log"
      more={
        audit.hasNextPage
          ? { label: t('audit.more'), onClick: () => void audit.fetchNextPage(), disabled: audit.isFetchingNextPage }
          : null
      }
    />
  );
}
