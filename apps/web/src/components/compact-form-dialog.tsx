import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type FormEventHandler, type ReactNode } from 'react';

/**
 * A dialog that is one short form (a room to create, an SMS or an e-mail to send): its title names it, and it is
 * not closed while `busy`. The children are its `DialogContent` and `DialogActions`, both inside the form, so the
 * actions' submit button submits it. A long form that goes full screen on a phone is `FormDialog`.
 */
export function CompactFormDialog(props: {
  open: boolean;
  onClose: () => void;
  busy: boolean;
  title: ReactNode;
  maxWidth: DialogProps['maxWidth'];
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Dialog
      open={props.open}
      onClose={props.busy ? undefined : props.onClose}
      fullWidth
      maxWidth={props.maxWidth}
      aria-labelledby={titleId}
    >
      <form noValidate onSubmit={props.onSubmit}>
        <DialogTitle id={titleId}>{props.title}</DialogTitle>
        {props.children}
      </form>
    </Dialog>
  );
}
