import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat } from '../../i18n/date-format';

/**
 * One item of the vehicle's timeline: a dot with the event's icon on the rail, then a card with its title,
 * date and content. The rail and icons are decoration; the list and headings carry the structure.
 */
export function TimelineEntry({
  icon,
  title,
  at,
  chip,
  children,
  testId,
}: {
  icon: ReactNode;
  title: string;
  at: string;
  chip?: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  const { i18n } = useTranslation();
  return (
    <Box
      component="li"
      data-testid={testId}
      sx={{
        display: 'grid',
        gridTemplateColumns: '2.5rem minmax(0, 1fr)',
        columnGap: { xs: 1, sm: 2 },
        position: 'relative',
        pb: 2,
        // The rail joins this dot to the next one.
        '&:not(:last-of-type)::before': {
          content: '""',
          position: 'absolute',
          left: '1.25rem',
          top: '2.5rem',
          bottom: 0,
          width: 2,
          ml: '-1px',
          bgcolor: 'divider',
        },
      }}
    >
      <Box
        aria-hidden
        sx={{
          width: '2.5rem',
          height: '2.5rem',
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
        }}
      >
        {icon}
      </Box>
      <Card variant="outlined" sx={{ minWidth: 0 }}>
        <CardContent>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              {title}
            </Typography>
            <Typography variant="body2" color="text.secondary" component="time" dateTime={at}>
              {dayjs(at).format(dateTimeFormat(i18n.language))}
            </Typography>
            <Box sx={{ flex: 1 }} />
            {chip}
          </Stack>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}

/** A line of "name: value" facts, wrapping on narrow screens. */
export function Facts({ items }: { items: (string | null | false)[] }) {
  const shown = items.filter((x): x is string => Boolean(x));
  if (shown.length === 0) return null;
  return (
    <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
      {shown.map((text) => (
        <Typography key={text} variant="body2">
          {text}
        </Typography>
      ))}
    </Stack>
  );
}
