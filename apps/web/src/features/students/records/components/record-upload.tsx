import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Box, Checkbox, FormControlLabel, Paper, Stack, TextField, Typography } from '@mui/material';
import { ATTACHMENT_ACCEPT, precheckAttachment } from '@meridian/domain';
import { isApiError } from '../../../../app/http/api-error';
import { FileDropZone } from '../../../../ui/file-drop-zone';
import { snack } from '../../../../ui/notify';
import { uploadAttachment } from '../../../attachments';
import { recordKey } from '../api/student-record';

/**
 * Staff file a document on the student's record itself (not on a request): e.g. a signed I-20 or a
 * passport scan handed in at the desk. The office chooses whether the student sees it.
 */
export function RecordUpload({ profileId, userId }: { profileId: string; userId: string }) {
  const qc = useQueryClient();
  const [description, setDescription] = useState('');
  const [visible, setVisible] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const onFile = async (file: File) => {
    const problem = precheckAttachment(file);
    setError(problem);
    if (problem) return;
    try {
      const a = await uploadAttachment(
        { subjectUserId: userId, description, isVisibleToRequester: visible ? '1' : '0' },
        file,
        setProgress,
      );
      snack(`Uploaded ${a.fileName}`, 'success');
      setDescription('');
      await qc.invalidateQueries({ queryKey: recordKey(profileId) });
    } catch (e) {
      setError(isApiError(e) ? (Object.values(e.fieldErrors ?? {})[0]?.[0] ?? e.message) : 'The upload failed. Please try again.');
    } finally {
      setProgress(null);
    }
  };
  return (
    <Paper variant="outlined" component="section" aria-labelledby={`record-upload-${profileId}`} sx={{ p: 2, mb: 2 }}>
      <Typography id={`record-upload-${profileId}`} variant="h3" component="h3" sx={{ fontSize: '1.05rem', mb: 1 }}>
        File a document on this record
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, mb: 1, alignItems: { sm: 'center' } }}>
        <TextField
          label="Description (optional)"
          size="small"
          sx={{ flex: 1 }}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 1000 } }}
        />
        <FormControlLabel
          control={<Checkbox checked={visible} onChange={(e) => setVisible(e.target.checked)} />}
          label="Visible to the student"
        />
      </Stack>
      <Box>
        <FileDropZone
          label="Upload a document"
          accept={ATTACHMENT_ACCEPT}
          progress={progress}
          error={error}
          onFile={(f) => void onFile(f)}
        />
      </Box>
    </Paper>
  );
}
