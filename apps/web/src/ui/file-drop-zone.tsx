import { useId, useRef, useState } from 'react';
import { Box, LinearProgress, Typography } from '@mui/material';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';

export interface FileDropZoneProps {
  label: string;
  accept?: string;
  disabled?: boolean | undefined;
  /** 0..1 while uploading, null otherwise. */
  progress?: number | null;
  error?: string | null;
  onFile: (file: File) => void;
  /** The largest file the server accepts, in bytes (from the route's limit); 10 MB when not given. */
  maxBytes?: number;
}

/** 52428800 -> "50 MB" (whole megabytes, else one decimal). */
const formatMegabytes = (bytes: number) => `${Number((bytes / 1024 / 1024).toFixed(1))} MB`;

/** A keyboard-operable drop zone: drop a file or press Enter/Space to choose one. */
export function FileDropZone({ label, accept, disabled, progress = null, error, onFile, maxBytes = 10 * 1024 * 1024 }: FileDropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const id = useId();
  const busy = progress !== null;
  const choose = () => {
    if (!disabled && !busy) input.current?.click();
  };
  return (
    <Box>
      <Box
        role="button"
        tabIndex={disabled ? -1 : 0}
        aria-disabled={disabled || busy}
        aria-describedby={error ? `${id}-error` : undefined}
        onClick={choose}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            choose();
          }
        }}
        onDragOver={(e) => {
          e.preventDefault();
          if (!disabled && !busy) setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          e.preventDefault();
          setOver(false);
          const f = e.dataTransfer.files[0];
          if (f && !disabled && !busy) onFile(f);
        }}
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderRadius: 1,
          p: 2,
          textAlign: 'center',
          cursor: disabled ? 'default' : 'pointer',
          borderColor: error ? 'error.main' : over ? 'primary.main' : 'divider',
          bgcolor: over ? 'action.hover' : 'transparent',
          color: disabled ? 'text.disabled' : 'text.secondary',
          '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
        }}
      >
        <CloudUploadOutlined aria-hidden />
        <Typography variant="body2">{label}</Typography>
        <Typography variant="caption">Drop a file here or press to choose ({formatMegabytes(maxBytes)} at most)</Typography>
        <input
          ref={input}
          type="file"
          hidden
          accept={accept}
          onChange={(e) => {
            const f = e.target.files?.[0];
            e.target.value = '';
            if (f) onFile(f);
          }}
        />
      </Box>
      {busy ? (
        <LinearProgress variant="determinate" value={Math.round((progress ?? 0) * 100)} aria-label="Upload progress" sx={{ mt: 1 }} />
      ) : null}
      {error ? (
        <Typography id={`${id}-error`} role="alert" variant="body2" color="error" sx={{ mt: 0.5 }}>
          {error}
        </Typography>
      ) : null}
    </Box>
  );
}
