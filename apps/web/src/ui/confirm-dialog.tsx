import { Children, useCallback, useId, useState, type ReactNode, type Ref } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** The question, naming the record and the person ("Approve Priya Sharma's CPT request #1042?"). */
  message: ReactNode;
  /** What will happen, one sentence each (the record's change, who is told, what locks). */
  effects?: readonly ReactNode[] | undefined;
  /** What is taken with the decision: a comment, a reason, a choice. */
  children?: ReactNode;
  /** Why the last attempt failed (the server's refusal, a dropped connection), shown in the dialog. */
  error?: string | null | undefined;
  confirmLabel?: string;
  cancelLabel?: string;
  destructive?: boolean;
  busy?: boolean;
  /** The dialog's width: 'xs' for a question alone, 'sm' with fields. */
  width?: 'xs' | 'sm' | 'md';
  onConfirm: () => void;
  onCancel: () => void;
  /** Called once the dialog has finished closing: where focus goes when the element that opened it is gone. */
  onExited?: () => void;
}

/**
 * The one confirmation for a decision that cannot be undone (docs/product/requests.md#decisions-are-confirmed):
 * it names what will happen, may take a comment or a reason, shows a refusal without closing (what was
 * typed stays), and cannot be dismissed while the decision is being sent. Focus starts on Cancel, or on
 * the first field when the decision takes one.
 */
export function ConfirmDialog(p: ConfirmDialogProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const textId = `${id}-text`;
  const hasFields = Children.toArray(p.children).length > 0;
  return (
    <Dialog
      open={p.open}
      onClose={p.busy ? undefined : p.onCancel}
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth={p.width ?? (hasFields ? 'sm' : 'xs')}
      fullWidth
      slotProps={p.onExited ? { transition: { onExited: p.onExited } } : undefined}
    >
      <DialogTitle id={titleId}>{p.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId} component="div" sx={{ color: 'text.primary' }}>
          {p.message}
          {p.effects?.length ? (
            <Box component="ul" sx={{ pl: 2.5, mt: 1, mb: 0, color: 'text.secondary', '& li + li': { mt: 0.5 } }}>
              {p.effects.map((e, i) => (
                <li key={i}>{e}</li>
              ))}
            </Box>
          ) : null}
        </DialogContentText>
        {p.error ? (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {p.error}
          </Alert>
        ) : null}
        {hasFields ? <Box sx={{ mt: 2 }}>{p.children}</Box> : null}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1, px: 3, pb: 2 }}>
        <Button onClick={p.onCancel} disabled={p.busy} autoFocus={!hasFields}>
          {p.cancelLabel ?? 'Cancel'}
        </Button>
        <Button
          onClick={p.onConfirm}
          disabled={p.busy}
          variant="contained"
          color={p.destructive ? 'error' : 'primary'}
          startIcon={p.busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        >
          {p.confirmLabel ?? 'OK'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export interface ConfirmCommentProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  /** The message on the field (the server's or the page's own). */
  error?: string | undefined;
  /** Who reads it, under the field when there is no error. */
  helperText?: string;
  autoFocus?: boolean;
  inputRef?: Ref<HTMLTextAreaElement | HTMLInputElement>;
  maxLength?: number;
}

/** A comment, reason or question taken with a decision, inside ConfirmDialog. */
export function ConfirmComment(p: ConfirmCommentProps) {
  const max = p.maxLength ?? 2000;
  return (
    <TextField
      autoFocus={p.autoFocus ?? false}
      inputRef={p.inputRef}
      multiline
      minRows={3}
      fullWidth
      required={p.required ?? false}
      label={p.label}
      value={p.value}
      onChange={(e) => p.onChange(e.target.value)}
      error={!!p.error}
      helperText={p.error || p.helperText || `${p.value.length}/${max}`}
      slotProps={{ htmlInput: { maxLength: max } }}
      sx={{ mt: 1 }}
    />
  );
}

/** A question ConfirmDialog asks through useConfirm. */
export interface TConfirmQuestion {
  title: string;
  message: ReactNode;
  effects?: readonly ReactNode[];
  confirmLabel: string;
  cancelLabel?: string;
  destructive?: boolean;
}

/**
 * ConfirmDialog asked from code that runs a longer step (check, save, then submit): `await ask(q)` is
 * true when the person confirmed. Render `dialog` once in the page.
 */
export function useConfirm(): { ask: (q: TConfirmQuestion) => Promise<boolean>; dialog: ReactNode } {
  const [state, setState] = useState<{ q: TConfirmQuestion; resolve: (ok: boolean) => void } | null>(null);
  const ask = useCallback((q: TConfirmQuestion) => new Promise<boolean>((resolve) => setState({ q, resolve })), []);
  const answer = (ok: boolean) => {
    state?.resolve(ok);
    setState(null);
  };
  const dialog = (
    <ConfirmDialog
      open={!!state}
      title={state?.q.title ?? ''}
      message={state?.q.message ?? ''}
      effects={state?.q.effects}
      confirmLabel={state?.q.confirmLabel ?? 'OK'}
      cancelLabel={state?.q.cancelLabel ?? 'Cancel'}
      destructive={state?.q.destructive ?? false}
      onConfirm={() => answer(true)}
      onCancel={() => answer(false)}
    />
  );
  return { ask, dialog };
}
