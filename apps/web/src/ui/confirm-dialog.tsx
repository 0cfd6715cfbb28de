import type { ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  destructive?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A window.confirm-style question as an accessible dialog. */
export function ConfirmDialog(p: ConfirmDialogProps) {
  return (
    <Dialog
      open={p.open}
      onClose={p.busy ? undefined : p.onCancel}
      aria-labelledby="confirm-dialog-title"
      aria-describedby="confirm-dialog-text"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="confirm-dialog-title">{p.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="confirm-dialog-text" component="div">
          {p.message}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={p.onCancel} disabled={p.busy} autoFocus>
          {p.cancelLabel ?? 'Cancel'}
        </Button>
        <Button onClick={p.onConfirm} disabled={p.busy} variant="contained" color={p.destructive ? 'error' : 'primary'}>
          {p.confirmLabel ?? 'OK'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
