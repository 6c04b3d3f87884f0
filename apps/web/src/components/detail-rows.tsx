import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Spec section 2's detail rows (registration, VIN, brand…) as a description list, each named by its key's
 * `shootingDetail.details.*` text; a value's test id is `${testIdPrefix}-${key}`.
 */
export function DetailRows({ rows, testIdPrefix }: { rows: [string, ReactNode][]; testIdPrefix: string }) {
  const { t } = useTranslation();
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', rowGap: 0.75 }}>
      {rows.map(([key, value]) => (
        // A row wraps its value below its name when both do not fit side by side, so that a VIN (one
        // word of 17 characters) moves to its own line whole instead of breaking mid-string.
        <Box key={key} sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1.5 }}>
          <Typography component="dt" variant="body2" color="text.secondary" sx={{ flex: '0 0 7.5rem' }}>
            {t(`shootingDetail.details.${key}`)}
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            sx={{
              m: 0,
              flex: '1 1 auto',
              minWidth: 0,
              ...(key === 'vin' ? { whiteSpace: 'nowrap' } : { overflowWrap: 'anywhere', flexBasis: '8rem' }),
            }}
            data-testid={`${testIdPrefix}-${key}`}
          >
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
