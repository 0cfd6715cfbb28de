import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { MSG } from '@meridian/domain';

/** Asks the office for the reason the requester will read. */
export function RejectDialog({
  fileName,
  busy,
  onCancel,
  onReject,
}: {
  fileName: string | null;
  busy?: boolean;
  onCancel: () => void;
  onReject: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const error = touched && !reason.trim() ? MSG.required : '';
  return (
    <Dialog
      open={!!fileName}
      onClose={busy ? undefined : onCancel}
      aria-labelledby="reject-title"
      maxWidth="sm"
      fullWidth
      slotProps={{
        transition: {
          onExited: () => {
            setReason('');
            setTouched(false);
          },
        },
      }}
    >
      <DialogTitle id="reject-title">Reject {fileName}</DialogTitle>
      <DialogContent>
        <TextField
          label="Reason"
          required
          fullWidth
          multiline
          minRows={3}
          margin="dense"
          value={reason}
          autoFocus
          onChange={(e) => setReason(e.target.value)}
          onBlur={() => setTouched(true)}
          error={!!error}
          helperText={error || 'The uploader is told this reason.'}
          slotProps={{ htmlInput: { maxLength: 1000 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button
          variant="contained"
          color="error"
          disabled={busy}
          onClick={() => {
            setTouched(true);
            if (reason.trim()) onReject(reason.trim());
          }}
        >
          Reject
        </Button>
      </DialogActions>
    </Dialog>
  );
}
