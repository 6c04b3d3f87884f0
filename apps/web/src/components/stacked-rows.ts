import type { SxProps, Theme } from '@mui/material/styles';

/**
 * A table that becomes stacked rows below the phone breakpoint (750 px): each row a block, each cell a
 * line with its column's name (the cell's `data-label`) on the left and the value on the right, so prices,
 * totals and decisions stay readable on a 390 px screen instead of being cut off. The header row stays
 * in the page for screen readers, hidden from view.
 */
export const stackedRowsOnPhones: SxProps<Theme> = (theme) => ({
  [theme.breakpoints.down('sm')]: {
    display: 'block',
    '& thead': {
      position: 'absolute',
      // Strings: in sx a bare 1 would mean 100%.
      width: '1px',
      height: '1px',
      overflow: 'hidden',
      clip: 'rect(0 0 0 0)',
      whiteSpace: 'nowrap',
    },
    '& tbody, & tfoot': { display: 'block' },
    '& tr': { display: 'block', py: 1, borderBottom: `1px solid ${theme.palette.divider}` },
    '& td': {
      display: 'flex',
      // A right-aligned cell (prices) is row-reverse in MUI, which put its label on the right of its value.
      flexDirection: 'row',
      justifyContent: 'space-between',
      alignItems: 'center',
      gap: 2,
      border: 0,
      py: 0.25,
      px: 1,
      textAlign: 'right',
      overflowWrap: 'anywhere',
    },
    '& td[data-label]::before': {
      content: 'attr(data-label)',
      color: theme.palette.text.secondary,
      textAlign: 'left',
      flexShrink: 0,
    },
    '& td:not([data-label])': { display: 'block', textAlign: 'left' },
  },
});
