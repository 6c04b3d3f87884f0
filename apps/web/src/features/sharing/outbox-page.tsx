import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
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
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/http';
import { stackedRowsOnPhones } from '../../components/stacked-rows';
import { getOutbox } from './sharing-api';
import { sharingKeys } from './sharing-keys';

/** A status's chip colour: a failure stands out, a kept message is neutral. */
const STATUS_COLOR = { OUTBOX: 'default', SENT: 'success', FAILED: 'error' } as const;

/**
 * For provider administrators: the e-mails and SMS sent over SMTP or the SMS gateway (SENT or FAILED, with
 * the transport's id or error) and those the embedded drivers kept instead of sending (OUTBOX), laid out
 * as the portal's other screens (title with back button, a card), as stacked rows on a phone.
 */
export function OutboxPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const outbox = useQuery({ queryKey: sharingKeys.outbox(), queryFn: getOutbox });
  const column = (key: string) => t(`sharing.outbox.${key}`);
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <IconButton aria-label={t('common.back')} onClick={() => void navigate('/shootings')}>
          <ArrowBackIcon />
        </IconButton>
        <Typography variant="h5" component="h1">
          {t('sharing.outbox.title')}
        </Typography>
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('sharing.outbox.explanation')}
      </Typography>
      {outbox.isPending && (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label={t('common.loading')} />
        </Box>
      )}
      {outbox.isError && (
        <Alert severity="error">
          {t(
            outbox.error instanceof ApiError && outbox.error.status === 403
              ? 'sharing.outbox.forbidden'
              : 'api.commonError',
          )}
        </Alert>
      )}
      {outbox.data && outbox.data.items.length === 0 && (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography color="text.secondary">{t('sharing.outbox.empty')}</Typography>
        </Paper>
      )}
      {outbox.data && outbox.data.items.length > 0 && (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }} data-testid="outbox">
          <Table size="small" aria-label={t('sharing.outbox.title')} sx={stackedRowsOnPhones}>
            <TableHead>
              <TableRow>
                {['date', 'channel', 'sender', 'recipient', 'subject', 'message'].map((key) => (
                  <TableCell key={key} sx={{ fontWeight: 600 }}>
                    {column(key)}
                  </TableCell>
                ))}
                <TableCell sx={{ fontWeight: 600 }}>{t('sharing.outboxStatus.column')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {outbox.data.items.map((m) => (
                <TableRow key={m.id} sx={{ verticalAlign: 'top' }}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }} data-label={column('date')}>
                    {dayjs(m.createdAt).format('DD/MM/YYYY - HH:mm:ss')}
                  </TableCell>
                  <TableCell data-label={column('channel')}>
                    <Chip
                      size="small"
                      variant="outlined"
                      label={t(m.channel === 'SMS' ? 'sharing.outbox.sms' : 'sharing.outbox.email')}
                    />
                  </TableCell>
                  <TableCell data-label={column('sender')}>{m.sender ?? '—'}</TableCell>
                  <TableCell data-label={column('recipient')} sx={{ overflowWrap: 'anywhere', minWidth: { sm: 130 } }}>
                    {m.recipient}
                  </TableCell>
                  <TableCell data-label={column('subject')}>{m.subject ?? '—'}</TableCell>
                  <TableCell sx={{ minWidth: { sm: 280 }, maxWidth: 480 }}>
                    <Typography
                      variant="body2"
                      component="div"
                      sx={{
                        whiteSpace: 'pre-line',
                        overflowWrap: 'anywhere',
                        bgcolor: 'action.hover',
                        borderRadius: 1,
                        p: 1,
                      }}
                    >
                      {m.bodyText}
                    </Typography>
                  </TableCell>
                  <TableCell data-label={t('sharing.outboxStatus.column')} sx={{ overflowWrap: 'anywhere' }}>
                    {/* One block: on a phone's stacked row the chip and its detail sit together on the right. */}
                    <Box sx={{ minWidth: 0 }}>
                      <Chip
                        size="small"
                        variant="outlined"
                        color={STATUS_COLOR[m.status]}
                        label={t(`sharing.outboxStatus.${m.status}`)}
                      />
                      {(m.error ?? m.transportId) && (
                        <Typography variant="caption" component="div" color="text.secondary" sx={{ mt: 0.5 }}>
                          {m.error ?? m.transportId}
                        </Typography>
                      )}
                    </Box>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
    </Container>
  );
}
