import { useEffect, useState } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import { institutionsApi, type TUploadedLogo } from '@meridian/domain';
import { FileDropZone } from '../../../ui/file-drop-zone';

export interface TLogoChoice {
  /** A file chosen to upload on save. */
  file: File | null;
  /** The uploaded logo is to be removed on save. */
  remove: boolean;
}

/**
 * A chosen file as a data: address, to show it before it is uploaded (the portal's content policy lets
 * images come from itself, https: and data:, not from blob: addresses). '' while none is chosen or it is read.
 */
export function useFileDataUrl(file: File | null): string {
  const [read, setRead] = useState<{ file: File; url: string } | null>(null);
  useEffect(() => {
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => setRead({ file, url: typeof reader.result === 'string' ? reader.result : '' });
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);
  return file && read?.file === file ? read.url : '';
}

/**
 * The logo: the uploaded one (with Remove), or a PNG, JPEG or SVG file to upload when the settings are
 * saved; the browser refuses a wrong kind or size at once, the server checks the content too.
 */
export function LogoField({
  uploaded,
  choice,
  error,
  onChange,
}: {
  uploaded: TUploadedLogo | null;
  choice: TLogoChoice;
  error: string | null;
  onChange: (choice: TLogoChoice) => void;
}) {
  const chosenUrl = useFileDataUrl(choice.file);
  const kb = (n: number) => `${Math.max(1, Math.round(n / 1024))} KB`;
  return (
    <Box sx={{ mt: 2, display: 'grid', gap: 1 }}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        Logo
      </Typography>
      {choice.file ? (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Box
            component="img"
            src={chosenUrl}
            alt="The chosen logo"
            sx={{
              height: 48,
              maxWidth: 160,
              objectFit: 'contain',
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              p: 0.5,
              bgcolor: '#fff',
            }}
          />
          <Typography variant="body2">
            {choice.file.name} ({kb(choice.file.size)}), uploaded when you save.
          </Typography>
          <Button size="small" onClick={() => onChange({ file: null, remove: false })}>
            Keep the current logo
          </Button>
        </Stack>
      ) : uploaded && !choice.remove ? (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Box
            component="img"
            src={uploaded.url}
            alt="The uploaded logo"
            sx={{
              height: 48,
              maxWidth: 160,
              objectFit: 'contain',
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              p: 0.5,
              bgcolor: '#fff',
            }}
          />
          <Typography variant="body2">
            {uploaded.fileName} ({kb(uploaded.sizeBytes)}), served from Meridian.
          </Typography>
          <Button size="small" color="error" onClick={() => onChange({ file: null, remove: true })}>
            Remove the uploaded logo
          </Button>
        </Stack>
      ) : uploaded && choice.remove ? (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="body2">The uploaded logo ({uploaded.fileName}) is removed when you save.</Typography>
          <Button size="small" onClick={() => onChange({ file: null, remove: false })}>
            Keep it
          </Button>
        </Stack>
      ) : null}
      <FileDropZone
        label={uploaded || choice.file ? 'Upload another logo (PNG, JPEG or SVG)' : 'Upload a logo (PNG, JPEG or SVG)'}
        accept={institutionsApi.LOGO_ACCEPT}
        maxBytes={institutionsApi.LOGO_MAX_BYTES}
        error={error}
        onFile={(file) => onChange({ file, remove: false })}
      />
    </Box>
  );
}
