import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ATTACHMENT_ACCEPT, precheckAttachment } from '@meridian/domain';
import { isApiError } from '../../../app/http/api-error';
import { FileDropZone } from '../../../ui/file-drop-zone';
import { snack } from '../../../ui/notify';
import { attachmentsQueryKey, uploadAttachment } from '../api/attachments';

export interface UploadZoneProps {
  requestId: string;
  label: string;
  /** Extra fields (customDocumentId, checklistItem, categoryId, description...). */
  fields?: Record<string, string>;
  disabled?: boolean;
}

/** One drop zone that checks a file as the server will, uploads it with progress, and refreshes the list. */
export function UploadZone({ requestId, label, fields = {}, disabled }: UploadZoneProps) {
  const qc = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const onFile = async (file: File) => {
    const problem = precheckAttachment(file);
    setError(problem);
    if (problem) return;
    setProgress(0);
    try {
      const a = await uploadAttachment({ requestId, ...fields }, file, setProgress);
      snack(`Uploaded ${a.fileName}`, 'success');
      await qc.invalidateQueries({ queryKey: attachmentsQueryKey(requestId) });
    } catch (e) {
      setError(isApiError(e) ? (e.fieldErrors?.file?.[0] ?? e.message) : 'The upload failed. Please try again.');
    } finally {
      setProgress(null);
    }
  };

  return (
    <FileDropZone
      label={label}
      accept={ATTACHMENT_ACCEPT}
      disabled={disabled}
      progress={progress}
      error={error}
      onFile={(f) => void onFile(f)}
    />
  );
}
