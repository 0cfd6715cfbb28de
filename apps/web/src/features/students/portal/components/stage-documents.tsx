import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Chip, IconButton, Link, Paper, Stack, Tooltip, Typography } from '@mui/material';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import CheckCircle from '@mui/icons-material/CheckCircle';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import { ATTACHMENT_ACCEPT, attachmentsApi, precheckAttachment, type studentsApi } from '@meridian/domain';
import { useFormatDates } from '../../../../app/office-dates';
import { apiCall } from '../../../../app/http/api-call';
import { isApiError } from '../../../../app/http/api-error';
import { FileDropZone } from '../../../../ui/file-drop-zone';
import { snack } from '../../../../ui/notify';
import { downloadAttachment, uploadAttachment } from '../../../attachments';
import { MY_STAGE_KEY } from '../api/my-stage';
import { LinkedText } from './linked-text';

type TDoc = studentsApi.TStageDocument;
type TSlot = TDoc['slots'][number];

/** Done (green tick) or missing (red mark) with words, never colour alone. */
export function DoneMark({ isDone, isRequired }: { isDone: boolean; isRequired: boolean }) {
  if (isDone) return <Chip size="small" color="success" variant="outlined" icon={<CheckCircle />} label="Done" />;
  return isRequired ? (
    <Chip size="small" color="error" variant="outlined" icon={<ErrorOutline />} label="Missing" />
  ) : (
    <Chip size="small" variant="outlined" label="Optional" />
  );
}

function SlotUpload({
  doc,
  slot,
  userId,
  readOnly,
  serverError,
  showLabel,
}: {
  doc: TDoc;
  slot: TSlot;
  userId: string | null;
  readOnly: boolean;
  serverError?: string | undefined;
  showLabel: boolean;
}) {
  const { formatDate } = useFormatDates();
  const qc = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const onFile = async (file: File) => {
    const problem = precheckAttachment(file);
    setError(problem);
    if (problem || !userId) return;
    setProgress(0);
    try {
      const fields: Record<string, string> = { subjectUserId: userId, customDocumentId: doc.id };
      if (slot.dependentId) fields.dependentId = slot.dependentId;
      if (slot.soaId) fields.soaId = slot.soaId;
      const a = await uploadAttachment(fields, file, setProgress);
      snack(`Uploaded ${a.fileName}`, 'success');
      await qc.invalidateQueries({ queryKey: MY_STAGE_KEY });
    } catch (e) {
      setError(isApiError(e) ? (Object.values(e.fieldErrors ?? {})[0]?.[0] ?? e.message) : 'The upload failed. Please try again.');
    } finally {
      setProgress(null);
    }
  };
  const [removing, setRemoving] = useState<string | null>(null);
  const removeFile = async (f: { id: string; fileName: string }) => {
    setRemoving(f.id);
    try {
      await apiCall(attachmentsApi.deleteAttachment, { params: { attachmentId: f.id } });
      snack(`Removed ${f.fileName}`, 'success');
      await qc.invalidateQueries({ queryKey: MY_STAGE_KEY });
    } catch (e) {
      setError(isApiError(e) ? e.message : 'The file could not be removed. Please try again.');
    } finally {
      setRemoving(null);
    }
  };
  const label = showLabel ? `${doc.name} for ${slot.label}` : doc.name;
  return (
    <Box>
      {showLabel ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <Typography sx={{ fontWeight: 600 }}>{slot.label}</Typography>
          <DoneMark isDone={slot.isDone} isRequired={doc.isRequired} />
        </Stack>
      ) : null}
      {slot.files.length ? (
        <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0, mb: 1 }} aria-label={`Files for ${label}`}>
          {slot.files.map((f) => (
            <Box component="li" key={f.id} sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <InsertDriveFileOutlined fontSize="small" aria-hidden />
              <Link component="button" type="button" onClick={() => void downloadAttachment(f)}>
                {f.fileName}
              </Link>
              <Typography variant="body2" color="text.secondary">
                uploaded {formatDate(f.createdAt)}
              </Typography>
              {!readOnly ? (
                <Tooltip title="Remove this file">
                  <IconButton
                    size="small"
                    aria-label={`Remove ${f.fileName}`}
                    disabled={removing === f.id}
                    onClick={() => void removeFile(f)}
                  >
                    <DeleteOutline fontSize="small" />
                  </IconButton>
                </Tooltip>
              ) : null}
              {f.status === 'rejected' ? (
                <Typography variant="body2" color="error">
                  Rejected by the office: {f.rejectReason} Please upload a new file.
                </Typography>
              ) : null}
            </Box>
          ))}
        </Stack>
      ) : null}
      <FileDropZone
        label={readOnly ? `${label} (preview: uploads are off)` : slot.files.length ? `Add another file: ${label}` : `Upload ${label}`}
        accept={ATTACHMENT_ACCEPT}
        disabled={readOnly}
        progress={progress}
        error={error ?? serverError ?? null}
        onFile={(f) => void onFile(f)}
      />
    </Box>
  );
}

/** The documents of a stage or step: per document, one upload per record / dependent / site of activity, with done or missing marks. */
export function StageDocuments({
  documents,
  userId,
  readOnly = false,
  fieldErrors = {},
}: {
  documents: TDoc[];
  userId: string | null;
  readOnly?: boolean;
  fieldErrors?: Record<string, string>;
}) {
  if (documents.length === 0) return null;
  return (
    <Stack spacing={2}>
      {documents.map((d) => (
        <Paper key={d.id} variant="outlined" component="section" aria-labelledby={`doc-${d.id}`} sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
            <Typography id={`doc-${d.id}`} variant="h3" component="h3" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
              {d.name}
              {d.isRequired ? ' *' : ''}
            </Typography>
            {d.slots.length === 0 ? (
              <Chip size="small" variant="outlined" label="Not needed" />
            ) : (
              <DoneMark isDone={d.isDone} isRequired={d.isRequired} />
            )}
          </Stack>
          <Stack spacing={1} sx={{ mb: 2 }}>
            {d.description ? <LinkedText text={d.description} /> : null}
            {d.instructions ? <LinkedText text={d.instructions} color="text.secondary" /> : null}
          </Stack>
          {d.slots.length === 0 ? (
            <Alert severity="info">
              {d.appliesTo === 'dependent'
                ? 'You have no dependents on your record, so there is nothing to upload here.'
                : 'You have no sites of activity on your record, so there is nothing to upload here.'}
            </Alert>
          ) : (
            <Stack spacing={2}>
              {d.slots.map((s) => (
                <SlotUpload
                  key={s.key}
                  doc={d}
                  slot={s}
                  userId={userId}
                  readOnly={readOnly}
                  serverError={fieldErrors[s.key]}
                  showLabel={d.appliesTo !== 'main'}
                />
              ))}
            </Stack>
          )}
        </Paper>
      ))}
    </Stack>
  );
}

/** Server messages still true: a document slot's message goes once it has a file. */
export function liveErrors(errors: Record<string, string>, documents: TDoc[]): Record<string, string> {
  const done = new Set(documents.flatMap((d) => d.slots.filter((s) => s.isDone).map((s) => s.key)));
  return Object.fromEntries(Object.entries(errors).filter(([k]) => !done.has(k)));
}
