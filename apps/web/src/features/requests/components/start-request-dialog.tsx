import { useState, type ReactNode } from 'react';
import { Alert, MenuItem, TextField } from '@mui/material';
import { describeFailure } from '../../../app/errors/failure';
import { handleApiError } from '../../../app/errors/handle-api-error';
import { ConfirmDialog } from '../../../ui/confirm-dialog';

/** A request type staff may start about someone, as the start lists give it. */
export interface TStartableType {
  id: string;
  name: string;
  description?: string | null | undefined;
}

/**
 * Staff start a request about a student or a scholar: choose the type, read what starting it does, start it.
 * The list and the start are the caller's (each subject has its own endpoints); the choosing, the field's
 * message and the refusals are the same for both.
 */
export function StartRequestDialog<T extends TStartableType, R>({
  open,
  onClose,
  subjectName,
  types,
  start,
  effects,
  empty,
  helper,
  optionNote,
  closeOnForbidden = false,
  onStarted,
}: {
  open: boolean;
  onClose: () => void;
  subjectName: string;
  types: { data?: T[] | undefined; isError: boolean; isPending: boolean };
  start: { mutate: (typeId: string, o: { onSuccess: (r: R) => void; onError: (e: unknown) => void }) => void; isPending: boolean };
  /** What starting the chosen type does (the dialog's list of effects). */
  effects: (chosen: T | undefined) => string[];
  /** Said instead of the field when no type may be started. */
  empty: ReactNode;
  /** The field's help when no type is chosen or the chosen one has no description. */
  helper?: string;
  /** Why a type cannot be chosen here (shown after its name), or null when it can. */
  optionNote?: (t: T) => string | null;
  /** A refusal for lack of access closes the dialog and is handled as a session problem. */
  closeOnForbidden?: boolean;
  onStarted: (r: R, chosen: T | undefined) => void;
}) {
  const [typeId, setTypeId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const close = () => {
    setTypeId('');
    setError(null);
    setLoadError(null);
    onClose();
  };
  const chosen = types.data?.find((x) => x.id === typeId);
  const submit = () => {
    if (!typeId) {
      setError('Required field');
      return;
    }
    setLoadError(null);
    start.mutate(typeId, {
      onSuccess: (r) => {
        close();
        onStarted(r, chosen);
      },
      onError: (e) => {
        const f = describeFailure(e);
        if (f.kind === 'session' || (closeOnForbidden && f.kind === 'forbidden')) {
          close();
          handleApiError(e);
        } else if (f.fieldErrors.requestTypeId) setError(f.fieldErrors.requestTypeId);
        else setLoadError(f.message);
      },
    });
  };
  return (
    <ConfirmDialog
      open={open}
      title={`Start a request for ${subjectName}`}
      message={chosen ? `Start a ${chosen.name} request for ${subjectName}?` : `Which request do you want to start for ${subjectName}?`}
      effects={effects(chosen)}
      error={types.isError ? 'The request types could not be loaded.' : loadError}
      confirmLabel="Start request"
      busy={start.isPending}
      onCancel={close}
      onConfirm={submit}
    >
      {types.data && types.data.length === 0 ? (
        <Alert severity="info">{empty}</Alert>
      ) : (
        <TextField
          select
          fullWidth
          autoFocus
          label="Request type"
          required
          value={typeId}
          onChange={(e) => {
            setTypeId(e.target.value);
            setError(null);
          }}
          error={!!error}
          helperText={error ?? (chosen?.description || helper || ' ')}
          disabled={types.isPending}
        >
          {(types.data ?? []).map((x) => {
            const note = optionNote?.(x) ?? null;
            return (
              <MenuItem key={x.id} value={x.id} disabled={!!note}>
                {x.name}
                {note ? ` (${note})` : ''}
              </MenuItem>
            );
          })}
        </TextField>
      )}
    </ConfirmDialog>
  );
}
