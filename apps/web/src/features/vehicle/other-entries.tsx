import {
  PORTAL_MARKETPLACE,
  type RatingSummary,
  type VehicleLiveEvent,
  type VehiclePlayerEvent,
} from '@forecourt/contracts';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import ShareIcon from '@mui/icons-material/Share';
import VideoCallIcon from '@mui/icons-material/VideoCall';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat } from '../../i18n/date-format';
import { formatAverageRating } from '../../lib/average-rating';
import { TYPE_LABEL_KEYS } from '../../components/shooting-type-icon';
import { Facts, TimelineEntry } from './timeline-entry';

const ratingsText = (t: TFunction, r: RatingSummary, language: string) =>
  r.average === null
    ? t('vehicle.ratings.none')
    : t('vehicle.ratings.summary', {
        count: r.count,
        average: formatAverageRating(r.average, language),
      });

/** A player link of one of the vehicle's shootings, with its visits and ratings. */
export function PlayerEntry({ event: e }: { event: VehiclePlayerEvent }) {
  const { t, i18n } = useTranslation();
  return (
    <TimelineEntry
      testId="vehicle-event-player"
      icon={<ShareIcon fontSize="small" />}
      title={t('vehicle.player.title')}
      at={e.at}
    >
      <Stack spacing={1}>
        <Facts
          items={[
            t('vehicle.player.of', { type: t(TYPE_LABEL_KEYS[e.shootingType]) }),
            // The portal's own link has a code (FORECOURT), not a name a dealer would know it by.
            e.marketplace === PORTAL_MARKETPLACE
              ? t('vehicle.player.portal')
              : t('vehicle.player.marketplace', { name: e.marketplace }),
            t('vehicle.player.views', { count: e.views }),
            e.lastViewedAt
              ? t('vehicle.player.lastViewed', { date: dayjs(e.lastViewedAt).format(dateTimeFormat(i18n.language)) })
              : null,
            ratingsText(t, e.ratings, i18n.language),
          ]}
        />
        <div>
          <Button
            size="small"
            variant="outlined"
            href={`/public/player/${encodeURIComponent(e.ref)}`}
            target="_blank"
            rel="noopener"
            endIcon={<OpenInNewIcon />}
          >
            {t('vehicle.player.open')}
          </Button>
        </div>
      </Stack>
    </TimelineEntry>
  );
}

/** A live meeting about the vehicle: its room, how often it was held, and the visitors' ratings. */
export function LiveEntry({ event: e }: { event: VehicleLiveEvent }) {
  const { t, i18n } = useTranslation();
  return (
    <TimelineEntry
      testId="vehicle-event-live"
      icon={<VideoCallIcon fontSize="small" />}
      title={t('vehicle.live.title', { name: e.name })}
      at={e.at}
    >
      <Facts
        items={[
          t('vehicle.stock', { name: e.ownerName }),
          t('vehicle.live.held', { count: e.meetingsHeld }),
          ratingsText(t, e.ratings, i18n.language),
        ]}
      />
    </TimelineEntry>
  );
}
