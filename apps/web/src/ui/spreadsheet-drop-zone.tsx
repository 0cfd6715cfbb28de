import { useState, type ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { isApiError } from '../app/http/api-error';
import { FileDropZone } from './file-drop-zone';

/** What a spreadsheet upload takes: a CSV file or an Excel workbook. */
export const SPREADSHEET_ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The upload of a spreadsheet as it goes: its progress (0..1, null when none) and the problems to show (the first on the zone). */
export interface TSpreadsheetUpload {
  progress: number | null;
  errors: string[] | null;
  onFile: (file: File) => void;
}

/**
 * Sends a spreadsheet with `upload`, which answers the server job that reads it (handed to `onStarted`);
 * a refusal of the upload is shown on the zone (its file field's first message, else its message).
 */
export function useSpreadsheetUpload<J>(
  upload: (file: File, onProgress: (fraction: number) => void) => Promise<J>,
  onStarted: (job: J) => unknown,
): TSpreadsheetUpload & { setErrors: (errors: string[] | null) => void } {
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<string[] | null>(null);
  const onFile = (file: File) => {
    setErrors(null);
    setProgress(0);
    upload(file, (f) => setProgress(Math.min(f, 0.99)))
      .then(onStarted)
      .catch((e: unknown) =>
        setErrors([isApiError(e) ? (e.fieldErrors?.file?.[0] ?? e.message) : 'The upload failed; check your connection and try again.']),
      )
      .finally(() => setProgress(null));
  };
  return { progress, errors, setErrors, onFile };
}

export interface SpreadsheetDropZoneProps {
  /** The zone's label ("RTI list (.csv or .xlsx)"). */
  label: string;
  /** The largest file the server accepts, in bytes; the drop zone's default when not given. */
  maxBytes?: number | undefined;
  upload: TSpreadsheetUpload;
  /** While the job that reads an upload runs. */
  disabled: boolean;
  /** Said while the file is being sent ("Uploading the file…"). */
  uploadingText: string;
  /** The name of the list of a refusal's problems (a file's rows), when the upload may have several. */
  problemsLabel?: string | undefined;
  /** The progress of the job reading the upload. */
  children?: ReactNode;
}

/** A drop zone for a CSV or XLSX file, the problems of a refused one, and the progress of its upload and of its reading. */
export function SpreadsheetDropZone({
  label,
  maxBytes,
  upload,
  disabled,
  uploadingText,
  problemsLabel,
  children,
}: SpreadsheetDropZoneProps) {
  const { progress, errors, onFile } = upload;
  return (
    <>
      <FileDropZone
        label={label}
        {...(maxBytes === undefined ? {} : { maxBytes })}
        accept={SPREADSHEET_ACCEPT}
        progress={progress}
        disabled={disabled}
        error={errors?.[0] ?? null}
        onFile={onFile}
      />
      {problemsLabel && errors && errors.length > 1 ? (
        <Box component="ul" aria-label={problemsLabel} sx={{ color: 'error.main', mt: 1, mb: 0, pl: 3, maxHeight: 240, overflow: 'auto' }}>
          {errors.slice(1).map((line) => (
            <Typography component="li" variant="body2" key={line}>
              {line}
            </Typography>
          ))}
        </Box>
      ) : null}
      {progress !== null ? (
        <Typography variant="body2" sx={{ mt: 1 }} aria-live="polite">
          {uploadingText}
        </Typography>
      ) : null}
      {children}
    </>
  );
}
