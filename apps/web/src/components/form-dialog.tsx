import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

/**
 * A dialog that is one long form (a user's or a sign-in rule's rights): full screen on a phone, not closed while
 * busy. Its submit button sits among `actions`, outside the form, and names it with `form={formId}`.
 */
export function FormDialog(props: {
  formId: string;
  title: ReactNode;
  busy: boolean;
  onClose: () => void;
  onSubmit: () => void;
  actions: ReactNode;
  actionsSx?: SxProps<Theme>;
  children: ReactNode;
}) {
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const titleId = `${props.formId}-title`;
  return (
    <Dialog
      open
      onClose={props.busy ? undefined : props.onClose}
      aria-labelledby={titleId}
      fullScreen={fullScreen}
      maxWidth="md"
      fullWidth
    >
      <DialogTitle id={titleId}>{props.title}</DialogTitle>
      <DialogContent dividers>
        <Box
          component="form"
          id={props.formId}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            props.onSubmit();
          }}
          sx={{ display: 'grid', gap: 3 }}
        >
          {props.children}
        </Box>
      </DialogContent>
      <DialogActions sx={props.actionsSx}>{props.actions}</DialogActions>
    </Dialog>
  );
}
