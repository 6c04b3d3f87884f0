import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme, type Breakpoint, type SxProps, type Theme } from '@mui/material/styles';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** What a settings editor opened from a panel gets: the group it works on and how to close it. */
export interface SettingsEditorProps {
  groupId: string;
  onClose: () => void;
}

/**
 * The frame of a settings form in a dialog (the stamp designer, a stock): its title, its fields, Cancel and
 * the submit button, which stays disabled while saving; full screen below `fullScreenBelow`. Submitting runs
 * `onSubmit`, which checks the fields and saves.
 */
export function SettingsFormDialog({
  titleId,
  title,
  width,
  fullScreenBelow,
  onClose,
  onSubmit,
  submitLabel,
  cancelLabel = 'settings.cancel',
  submitting,
  contentSx,
  children,
}: {
  titleId: string;
  title: ReactNode;
  width: Breakpoint;
  fullScreenBelow: Breakpoint;
  onClose: () => void;
  onSubmit: () => void;
  /** Locale keys. */
  submitLabel: string;
  cancelLabel?: string;
  submitting: boolean;
  contentSx: SxProps<Theme>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down(fullScreenBelow));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth={width} aria-labelledby={titleId}>
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent sx={contentSx}>{children}</DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t(cancelLabel)}</Button>
          <Button type="submit" variant="contained" disabled={submitting}>
            {t(submitLabel)}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
