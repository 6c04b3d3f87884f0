import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/**
 * One line of an editable list (a stock's contact lines, a sign-in rule's claim values): its fields side by side in
 * `columns`, its remove button last. On a phone only the first field stays beside the button: give the second
 * `gridRow: { xs: 2, sm: 'auto' }` and it goes under the first.
 */
export function EditableLine({ columns, children }: { columns: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr auto', sm: columns }, alignItems: 'start' }}>
      {children}
    </Box>
  );
}
