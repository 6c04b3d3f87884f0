import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** What a screen shows while its code, its translations or the session load. */
export function FullPageLoader() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: '50vh' }}>
      <CircularProgress aria-label="loading" />
    </Box>
  );
}
