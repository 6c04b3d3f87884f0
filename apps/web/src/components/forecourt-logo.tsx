import { Box } from '@mui/material';

/**
 * The default Forecourt logo; the header shows the dealer's custom brand logo instead when one is set.
 * `decorative` when a visible text beside it already names it (the header's link reads "Forecourt").
 */
export function ForecourtLogo({
  size = 40,
  src,
  decorative = false,
}: {
  size?: number;
  src?: string;
  decorative?: boolean;
}) {
  if (src)
    return (
      <Box
        component="img"
        src={src}
        alt={decorative ? '' : 'Forecourt'}
        sx={{ height: size, maxWidth: size * 4, objectFit: 'contain' }}
      />
    );
  return (
    <Box
      component="svg"
      viewBox="0 0 48 48"
      sx={{ width: size, height: size }}
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': 'Forecourt' })}
    >
      <rect width="48" height="48" rx="10" fill="#0f3d75" />
      <path d="M10 31l4-9a4 4 0 0 1 3.7-2.5h12.6A4 4 0 0 1 34 22l4 9v5h-4v-3H14v3h-4z" fill="#fff" />
      <circle cx="16" cy="30" r="2" fill="#0f3d75" />
      <circle cx="32" cy="30" r="2" fill="#0f3d75" />
    </Box>
  );
}
