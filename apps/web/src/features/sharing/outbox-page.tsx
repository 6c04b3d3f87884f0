import type { OutboxEntry } from '@forecourt/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http';
import { logTime, PagedLog, type LogColumn } from '../../components/paged-log';
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
  const outbox = useQuery({ queryKey: sharingKeys.outbox(), queryFn: getOutbox });
  const column = (key: string) => t(`sharing.outbox.${key}`);
  const columns: LogColumn<OutboxEntry>[] = [
    { label: column('date'), cell: (m) => logTime(m.createdAt), sx: { whiteSpace: 'nowrap' } },
    {
      label: column('channel'),
      cell: (m) => (
        <Chip
          size="small"
          variant="outlined"
          label={t(m.channel === 'SMS' ? 'sharing.outbox.sms' : 'sharing.outbox.email')}
        />
      ),
    },
    { label: column('sender'), cell: (m) => m.sender ?? '—' },
    { label: column('recipient'), cell: (m) => m.recipient, sx: { overflowWrap: 'anywhere', minWidth: { sm: 130 } } },
    { label: column('subject'), cell: (m) => m.subject ?? '—' },
    {
      label: column('message'),
      unlabelled: true,
      sx: { minWidth: { sm: 280 }, maxWidth: 480 },
      cell: (m) => (
        <Typography
          variant="body2"
          component="div"
          sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', bgcolor: 'action.hover', borderRadius: 1, p: 1 }}
        >
          {m.bodyText}
        </Typography>
      ),
    },
    {
      label: t('sharing.outboxStatus.column'),
      sx: { overflowWrap: 'anywhere' },
      // One block: on a phone's stacked row the chip and its detail sit together on the right.
      cell: (m) => (
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
      ),
    },
  ];
  return (
    <PagedLog
      title={t('sharing.outbox.title')}
      explanation={t('sharing.outbox.explanation')}
      pending={outbox.isPending}
      errorKey={
        outbox.isError
          ? outbox.error instanceof ApiError && outbox.error.status === 403
            ? 'sharing.outbox.forbidden'
            : 'api.commonError'
          : null
      }
      loaded={Boolean(outbox.data)}
      rows={outbox.data?.items ?? []}
      emptyKey="sharing.outbox.empty"
      columns={columns}
      testId="outbox"
    />
  );
}
