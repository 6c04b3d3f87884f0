import PersonAddIcon from '@mui/icons-material/PersonAdd';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BoardUserSummary } from '@forecourt/contracts/user-board';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/http';
import { useAuth } from '../../auth/auth-context';
import { isNonLegacy } from '../../lib/non-legacy-account';
import { fetchGroups } from '../settings/settings-api';
import { settingsKeys } from '../settings/settings-keys';
import { UserImportDialog } from './user-import-dialog';
import { UserDialog } from './user-dialog';
import { fetchUsers } from './users-api';

const PAGE_SIZE = 25;

export const statusColour = (status: BoardUserSummary['status']) =>
  status === 'ACTIVE' ? 'success' : status === 'INVITED' ? 'info' : 'default';

/**
 * /users (role manage-users on a non-legacy account, spec section 2): the group's users, searched on the
 * server. A provider administrator chooses the dealer group (`?group=`; `&invite=manager` opens the
 * invitation of its manager, as the settings' "Invite its manager" does); the server refuses anyone else.
 */
export function UsersPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const group = params.get('group') || undefined;
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(0);
  const [editing, setEditing] = useState<string | 'new' | null>(() =>
    params.get('invite') === 'manager' ? 'new' : null,
  );
  const [importing, setImporting] = useState(false);
  const profile = user?.profile as
    { preferred_username?: string; roles?: string[]; habilitations?: string[] } | undefined;
  // Decided before the queries: a user without the right is sent away without asking the server for the board.
  const allowed = isNonLegacy(profile?.preferred_username ?? '') && (profile?.roles ?? []).includes('manage-users');
  const providerAdmin = (profile?.habilitations ?? []).includes('PROVIDER_ADMINISTRATOR');
  const groups = useQuery({
    queryKey: settingsKeys.groups(),
    queryFn: fetchGroups,
    enabled: allowed && providerAdmin,
  });
  // The server searches; a pause in typing sends one request rather than one per key.
  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(search.trim());
      setPage(0);
    }, 250);
    return () => clearTimeout(timer);
  }, [search]);
  const users = useQuery({
    queryKey: ['user-board', group, q, page],
    queryFn: () => fetchUsers(q, page, PAGE_SIZE, group),
    placeholderData: keepPreviousData,
    enabled: allowed,
  });
  const chooseGroup = (id: string) => {
    setPage(0);
    setParams({ group: id });
  };
  const closeDialog = () => {
    setEditing(null);
    if (params.has('invite')) setParams(group ? { group } : {}, { replace: true });
  };

  if (!allowed) return <Navigate to="/" replace />;

  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="h4" component="h1">
            {t('users.title')}
          </Typography>
          {users.data && (
            <Typography color="text.secondary" data-testid="users-group">
              {users.data.group.name}
            </Typography>
          )}
        </Box>
        <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setEditing('new')}>
          {t('users.invite')}
        </Button>
        <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setImporting(true)}>
          {t('users.import')}
        </Button>
      </Box>
      {providerAdmin && groups.data && users.data && (
        <TextField
          select
          label={t('boardGroups.group')}
          value={group ?? users.data?.group.id ?? ''}
          onChange={(e) => chooseGroup(e.target.value)}
          fullWidth
          size="small"
          helperText={t('boardGroups.groupHelp')}
          sx={{ mb: 2 }}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'users-group-select' } as object } }}
        >
          {groups.data.map((g) => (
            <MenuItem key={g.id} value={g.id}>
              {g.name}
            </MenuItem>
          ))}
        </TextField>
      )}
      <TextField
        type="search"
        label={t('users.search')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        fullWidth
        size="small"
        sx={{ mb: 2 }}
        slotProps={{ htmlInput: { 'data-testid': 'users-search' } }}
      />
      {users.isError &&
        (users.error instanceof ApiError && users.error.status === 404 ? (
          // A link to another group's board (or a mistyped one): the server answers 404 for both.
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" component={RouterLink} to="/users">
                {t('adminMessages.ownBoard')}
              </Button>
            }
          >
            {t('adminMessages.unknownGroup')}
          </Alert>
        ) : (
          <Alert severity="error">{t('api.commonError')}</Alert>
        ))}
      {users.isPending && (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label={t('common.loading')} />
        </Box>
      )}
      {users.data && (
        <>
          <Typography role="status" sx={{ mb: 1 }} color="text.secondary">
            {t('users.count', { count: users.data.total })}
          </Typography>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" data-testid="users-table">
              <TableHead>
                <TableRow>
                  <TableCell>{t('users.name')}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('users.email')}</TableCell>
                  <TableCell>{t('users.status')}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('users.roles')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {users.data.items.map((u) => {
                  const name = `${u.givenName} ${u.familyName}`;
                  return (
                    <TableRow key={u.id} hover data-email={u.email}>
                      <TableCell>
                        <Link
                          component="button"
                          type="button"
                          onClick={() => setEditing(u.id)}
                          aria-label={t('users.edit', { name })}
                          sx={{ textAlign: 'left' }}
                        >
                          {name}
                        </Link>
                        <Typography
                          variant="body2"
                          color="text.secondary"
                          sx={{ display: { xs: 'block', sm: 'none' }, overflowWrap: 'anywhere' }}
                        >
                          {u.email}
                        </Typography>
                      </TableCell>
                      <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, overflowWrap: 'anywhere' }}>
                        {u.email}
                      </TableCell>
                      <TableCell>
                        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                          <Chip
                            size="small"
                            variant="outlined"
                            color={statusColour(u.status)}
                            label={t(`users.status${u.status}`)}
                          />
                          {u.signIn === 'EXTERNAL' && (
                            <Chip size="small" variant="outlined" label={t('users.external')} />
                          )}
                        </Box>
                      </TableCell>
                      <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{u.roles.join(', ')}</TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </Box>
          {users.data.items.length === 0 && <Typography sx={{ py: 2 }}>{t('users.none')}</Typography>}
          <TablePagination
            component="div"
            count={users.data.total}
            page={page}
            onPageChange={(_e, p) => setPage(p)}
            rowsPerPage={PAGE_SIZE}
            rowsPerPageOptions={[PAGE_SIZE]}
            labelDisplayedRows={({ from, to, count }) => t('adminMessages.pagination.rows', { from, to, count })}
            getItemAriaLabel={(type) => t(`adminMessages.pagination.${type}`)}
          />
        </>
      )}
      {editing && (
        <UserDialog
          userId={editing === 'new' ? null : editing}
          group={group}
          preset={editing === 'new' && params.get('invite') === 'manager' ? 'manager' : undefined}
          onClose={closeDialog}
        />
      )}
      {importing && <UserImportDialog group={group} onClose={() => setImporting(false)} />}
    </Container>
  );
}
