import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http';
import { getOutbox } from './sharing-api';

/** For provider administrators: the e-mails and SMS the embedded drivers kept instead of sending. */
export function OutboxPage() {
  const { t } = useTranslation();
  const outbox = useQuery({ queryKey: ['notifications-outbox'], queryFn: getOutbox });
  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {t('sharing.outbox.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('sharing.outbox.explanation')}
      </Typography>
      {outbox.isPending && <CircularProgress aria-label={t('common.loading')} />}
      {outbox.isError && (
        <Alert severity="error">{t(outbox.error instanceof ApiError && outbox.error.status === 403 ? 'sharing.outbox.forbidden' : 'api.commonError')}</Alert>
      )}
      {outbox.data && outbox.data.items.length === 0 && <Typography>{t('sharing.outbox.empty')}</Typography>}
      {outbox.data && outbox.data.items.length > 0 && (
        <TableContainer>
          <Table size="small" aria-label={t('sharing.outbox.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('sharing.outbox.date')}</TableCell>
                <TableCell>{t('sharing.outbox.channel')}</TableCell>
                <TableCell>{t('sharing.outbox.sender')}</TableCell>
                <TableCell>{t('sharing.outbox.recipient')}</TableCell>
                <TableCell>{t('sharing.outbox.subject')}</TableCell>
                <TableCell>{t('sharing.outbox.message')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {outbox.data.items.map((m) => (
                <TableRow key={m.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{dayjs(m.createdAt).format('DD/MM/YYYY - HH:mm:ss')}</TableCell>
                  <TableCell>{t(m.channel === 'SMS' ? 'sharing.outbox.sms' : 'sharing.outbox.email')}</TableCell>
                  <TableCell>{m.sender ?? ''}</TableCell>
                  <TableCell>{m.recipient}</TableCell>
                  <TableCell>{m.subject ?? ''}</TableCell>
                  <TableCell sx={{ whiteSpace: 'pre-line', maxWidth: 480, overflowWrap: 'anywhere' }}>{m.bodyText}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
