import { shootingDetailRoute, type EngagementRecipient, type EngagementVisit } from '@forecourt/contracts';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { dateTimeFormat, DATE_FORMAT, timeFormat } from '../../i18n/date-format';
import { getShootingEngagement, getVehicleEngagement } from './engagement-api';
import { engagementKeys } from './engagement-keys';
import { formatDuration, spinSummary } from './engagement-format';

/** The batches come every 15 s while a recipient watches: the panel follows at that pace. */
const REFRESH_MS = 15_000;

export type EngagementSource =
  | { kind: 'shooting'; ownerId: string; productId: string; shootingId: string }
  | { kind: 'vehicle'; registration: string };

/** One visit: when, on what, how long, and what was looked at, as a timeline of its own. */
function VisitEntry({ visit: v, frames }: { visit: EngagementVisit; frames: number }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const spin = spinSummary(v.angles, frames);
  return (
    <Box component="li" sx={{ borderLeft: 2, borderColor: 'divider', pl: 1.5, pb: 1.5, ml: 0.5 }}>
      <Typography variant="subtitle2" component="h4">
        {t('engagementPanel.visit', {
          date: dayjs(v.openedAt).format(dateTimeFormat(lang)),
          device: t(`engagement.device.${v.device}`),
        })}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5, typography: 'body2' }}>
        <li>{t('engagementPanel.visible', { duration: formatDuration(v.visibleMs, lang) })}</li>
        <li data-testid="engagement-angles">
          {spin.seen === 0
            ? t('engagementPanel.noAngles')
            : frames > 0
              ? t('engagementPanel.angles', { seen: spin.seen, frames })
              : t('engagementPanel.anglesNoSpin', { seen: spin.seen })}
          {spin.angles.length > 0 && (
            <Box
              component="ul"
              sx={{ listStyle: 'none', p: 0, m: 0, mt: 0.5, display: 'flex', flexWrap: 'wrap', gap: 0.5 }}
            >
              {spin.angles.map((a) => (
                <Box
                  component="li"
                  key={a.frame}
                  sx={{ px: 0.75, borderRadius: 1, border: 1, borderColor: 'divider', bgcolor: 'action.hover' }}
                >
                  {t('engagementPanel.angle', { degrees: a.degrees, duration: formatDuration(a.ms, lang) })}
                </Box>
              ))}
            </Box>
          )}
        </li>
        {v.videoShare > 0 && (
          <li>
            {t('engagementPanel.video', {
              share: new Intl.NumberFormat(lang, { style: 'percent' }).format(v.videoShare),
            })}
          </li>
        )}
        {v.moments.map((m, i) => (
          <li key={`${m.kind}-${i}`}>
            {dayjs(m.at).format(timeFormat(lang))} –{' '}
            {m.kind === 'RATING'
              ? t('engagementPanel.rating', { score: m.detail })
              : m.kind === 'CONTACT'
                ? t(m.detail === 'email' ? 'engagementPanel.contactEmail' : 'engagementPanel.contactPhone')
                : t('engagementPanel.hotspot')}
          </li>
        ))}
      </Box>
    </Box>
  );
}

function RecipientItem({
  r,
  expanded,
  withShooting,
}: {
  r: EngagementRecipient;
  expanded: boolean;
  withShooting: boolean;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const id = useId();
  const reach = [r.email, r.phone].filter(Boolean).join(' · ');
  return (
    <Accordion defaultExpanded={expanded} disableGutters variant="outlined" data-testid="engagement-recipient">
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`${id}-details`} id={`${id}-summary`}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5, minWidth: 0 }}>
          <Typography component="span" variant="subtitle1" sx={{ overflowWrap: 'anywhere' }}>
            {r.name ?? t('engagementPanel.unnamed')}
          </Typography>
          <Chip
            size="small"
            label={
              r.visits.length === 0
                ? t('engagementPanel.notOpened')
                : t('engagementPanel.visits', { count: r.visits.length })
            }
          />
          {r.engaged && <Chip size="small" color="success" variant="outlined" label={t('engagementPanel.engaged')} />}
        </Box>
      </AccordionSummary>
      <AccordionDetails id={`${id}-details`} aria-labelledby={`${id}-summary`}>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {reach ? `${reach} · ` : ''}
          {t(`engagementPanel.channel.${r.channel}`)} ·{' '}
          {t('engagementPanel.sentBy', { sender: r.sender.name, date: dayjs(r.sentAt).format(dateTimeFormat(lang)) })}
        </Typography>
        {withShooting && (
          <Link component={RouterLink} to={shootingDetailRoute(r.shooting)} variant="body2">
            {t('engagementPanel.shooting', { date: dayjs(r.shooting.createdAt).format(DATE_FORMAT) })}
          </Link>
        )}
        {r.visits.length > 0 && (
          <Box
            component="ol"
            sx={{ listStyle: 'none', p: 0, m: 0, mt: 1.5 }}
            aria-label={t('engagementPanel.timeline')}
          >
            {[...r.visits].reverse().map((v) => (
              <VisitEntry key={v.visitId} visit={v} frames={r.frames} />
            ))}
          </Box>
        )}
      </AccordionDetails>
    </Accordion>
  );
}

/**
 * Who received a personal link of this shooting (or of any shooting of this vehicle), and for each a
 * timeline of their visits: when, on what device, visible time, spin angles seen, video, hotspots, rating
 * and clicks on the dealer's contacts (issue 31). The newest recipient starts open.
 */
export function EngagementPanel({ source }: { source: EngagementSource }) {
  const { t } = useTranslation();
  const titleId = useId();
  const query = useQuery({
    queryKey:
      source.kind === 'shooting'
        ? engagementKeys.shooting(source.shootingId)
        : engagementKeys.vehicle(source.registration),
    queryFn: () =>
      source.kind === 'shooting' ? getShootingEngagement(source) : getVehicleEngagement(source.registration),
    refetchInterval: REFRESH_MS,
  });
  const recipients = query.data?.recipients;
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{ p: 2 }}
      data-testid="engagement-panel"
    >
      <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 1 }}>
        {t(source.kind === 'shooting' ? 'engagementPanel.title' : 'engagementPanel.vehicleTitle')}
      </Typography>
      {query.isPending ? (
        <CircularProgress size={24} aria-label={t('common.loading')} />
      ) : query.isError ? (
        <Alert severity="error">{t('engagementPanel.loadError')}</Alert>
      ) : recipients && recipients.length > 0 ? (
        <Box sx={{ display: 'grid', gap: 1 }}>
          {recipients.map((r, i) => (
            <RecipientItem key={r.token} r={r} expanded={i === 0} withShooting={source.kind === 'vehicle'} />
          ))}
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('engagementPanel.empty')}
        </Typography>
      )}
    </Paper>
  );
}
