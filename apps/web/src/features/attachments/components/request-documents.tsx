import { useCallback, useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  FormControlLabel,
  IconButton,
  Link,
  Paper,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import { ATTACHMENT_FORMATS_HINT, type jobsApi, type TAttachment } from '@meridian/domain';
import { useFormatDates } from '../../../app/office-dates';
import { handleApiError } from '../../../app/errors/handle-api-error';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { snack } from '../../../ui/notify';
import { OUTLINED } from '../../../ui/scroll-region';
import {
  downloadAttachment,
  downloadCombinedPdf,
  startCombinedPdf,
  useUpdateAttachmentVisibility,
  useDeleteAttachment,
  useGetDocumentChecklist,
  useRejectAttachment,
  useListRequestAttachments,
} from '../api/attachments';
import { JobProgress, jobFailure } from '../../jobs';
import { RejectDialog } from './reject-dialog';
import { UploadZone } from './upload-zone';

interface TRequiredDocument {
  documentId: string;
  name: string;
  instructions: string;
  /** Defaults to true. */
  isRequired?: boolean;
  /** From the server's checklist: a file is on the request for it (perhaps one the caller cannot see). */
  hasFile?: boolean;
  /** A per-dependent / per-site-of-activity document: which one this slot is for, and their name. */
  dependentId?: string | null;
  soaId?: string | null;
  forWhom?: string;
}

export interface RequestDocumentsProps {
  requestId: string;
  /** The caller may add files now (requester while editable, or staff). */
  canUpload: boolean;
  /** Office staff: reject, visibility, combined PDF (the server decides per file as well). */
  canManage: boolean;
  /** The documents to ask for; without it, the request type's upload documents are loaded from the server. */
  requiredDocuments?: TRequiredDocument[];
  /**
   * A read-only view for the person who sent the files (e.g. a scholar's submitted application): no Actions
   * column (nothing to do there) and a file that was not rejected reads "Received" rather than "Active".
   * Defaults to false (the table as the office and editable requests show it).
   */
  isReadOnly?: boolean;
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

const COMBINABLE = /^(application\/pdf|image\/png|image\/jpeg)/;

/** The Documents tab of a request: required documents, uploads with progress, the file list and the office's actions. */
export function RequestDocuments({ requestId, canUpload, canManage, requiredDocuments: given, isReadOnly = false }: RequestDocumentsProps) {
  const { formatDate } = useFormatDates();
  const files = useListRequestAttachments(requestId);
  const checklist = useGetDocumentChecklist(requestId, !given);
  const requiredDocuments: TRequiredDocument[] = given ?? checklist.data ?? [];
  const reject = useRejectAttachment(requestId);
  const visibility = useUpdateAttachmentVisibility(requestId);
  const remove = useDeleteAttachment(requestId);
  const [selected, setSelected] = useState<string[]>([]);
  const [rejecting, setRejecting] = useState<TAttachment | null>(null);
  const [deleting, setDeleting] = useState<TAttachment | null>(null);
  const [description, setDescription] = useState('');
  // Office uploads are hidden from the requester and department until staff say otherwise (docs/product/attachments.md#visibility).
  const [showRequester, setShowRequester] = useState(false);
  const [showDepartment, setShowDepartment] = useState(false);
  const uploadFields: Record<string, string> = {
    ...(description ? { description } : {}),
    ...(canManage ? { isVisibleToRequester: showRequester ? '1' : '0', isVisibleToDepartment: showDepartment ? '1' : '0' } : {}),
  };
  const [combining, setCombining] = useState(false);
  // Combining runs on the server as a job. It is not picked up again after a reload: the job does not
  // say which request's files it combines, and this tab belongs to one request.
  const [combineJob, setCombineJob] = useState<string | null>(null);
  const list = useMemo(() => files.data ?? [], [files.data]);
  const selectable = list.filter((a) => COMBINABLE.test(a.contentType));

  const run = (p: Promise<unknown>) => p.catch(handleApiError);
  const toggle = (id: string) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));
  const combine = async () => {
    setCombining(true);
    try {
      // In the order of the list, whatever the order of clicking.
      setCombineJob((await startCombinedPdf(list.filter((a) => selected.includes(a.id)).map((a) => a.id))).id);
    } catch (e) {
      handleApiError(e);
      setCombining(false);
    }
  };
  // When the job ends: the PDF is downloaded, or its error shown as the synchronous answer's was.
  const combined = useCallback((job: jobsApi.TJob) => {
    setCombineJob(null);
    const done = job.status === 'completed' ? downloadCombinedPdf(job) : Promise.reject(jobFailure(job));
    void done.catch(handleApiError).finally(() => setCombining(false));
  }, []);

  return (
    <Stack spacing={3}>
      {requiredDocuments.length > 0 ? (
        <Box component="section" aria-labelledby={`required-${requestId}`}>
          <Typography id={`required-${requestId}`} variant="h3" component="h3" sx={{ fontSize: '1.1rem', mb: 1 }}>
            Requested documents
          </Typography>
          {canUpload ? (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
              {ATTACHMENT_FORMATS_HINT}
            </Typography>
          ) : null}
          <Stack spacing={2}>
            {requiredDocuments.map((d) => {
              // Per-dependent / per-site documents come once for each dependent or site of activity (forWhom).
              const slot = (a: { customDocumentId: string | null; dependentId?: string | null; soaId?: string | null }) =>
                a.customDocumentId === d.documentId &&
                (!d.dependentId || a.dependentId === d.dependentId) &&
                (!d.soaId || a.soaId === d.soaId);
              const done = !!d.hasFile || list.some((a) => slot(a) && a.status === 'active');
              const title = d.forWhom ? `${d.name} for ${d.forWhom}` : d.name;
              return (
                <Paper key={`${d.documentId}.${d.dependentId ?? ''}.${d.soaId ?? ''}`} variant="outlined" sx={{ p: 2 }}>
                  <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1 }}>
                    <Typography sx={{ fontWeight: 600, flex: 1 }}>
                      {title}
                      {d.isRequired === false ? ' (optional)' : ''}
                    </Typography>
                    {/* Orange text fails contrast on white: dark text inside the orange border. */}
                    <Chip
                      size="small"
                      label={done ? 'Uploaded' : d.isRequired === false ? 'Not uploaded' : 'Missing'}
                      color={done ? 'success' : 'warning'}
                      variant="outlined"
                      sx={done ? undefined : { color: 'text.primary' }}
                    />
                  </Stack>
                  {d.instructions ? (
                    <Typography variant="body2" color="text.secondary" sx={{ mb: 1, whiteSpace: 'pre-line' }}>
                      {d.instructions}
                    </Typography>
                  ) : null}
                  {canUpload ? (
                    <UploadZone
                      requestId={requestId}
                      label={`Upload ${title}`}
                      fields={{
                        customDocumentId: d.documentId,
                        checklistItem: title,
                        ...(canManage ? { isVisibleToRequester: '1' } : {}),
                        ...(d.dependentId ? { dependentId: d.dependentId } : {}),
                        ...(d.soaId ? { soaId: d.soaId } : {}),
                      }}
                    />
                  ) : null}
                </Paper>
              );
            })}
          </Stack>
        </Box>
      ) : null}

      {canUpload ? (
        <Box component="section" aria-label="Upload a document">
          <TextField
            label="Description (optional)"
            size="small"
            fullWidth
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
            sx={{ mb: 1 }}
          />
          {canManage ? (
            <Stack direction="row" sx={{ flexWrap: 'wrap', mb: 1 }}>
              <FormControlLabel
                control={<Checkbox checked={showRequester} onChange={(e) => setShowRequester(e.target.checked)} />}
                label="Visible to the requester"
              />
              <FormControlLabel
                control={<Checkbox checked={showDepartment} onChange={(e) => setShowDepartment(e.target.checked)} />}
                label="Visible to the department"
              />
            </Stack>
          ) : null}
          <UploadZone requestId={requestId} label="Upload a document" fields={uploadFields} />
        </Box>
      ) : null}

      <Box component="section" aria-label="Documents">
        {canManage ? (
          <Stack direction="row" sx={{ mb: 1, alignItems: 'center', gap: 1 }}>
            <Button
              variant="outlined"
              startIcon={<PictureAsPdfOutlined />}
              disabled={selected.length === 0 || combining}
              onClick={() => void combine()}
            >
              Combined PDF
            </Button>
            <Typography variant="body2" color="text.secondary">
              {selected.length ? `${selected.length} selected` : 'Select PDF or image files to combine them.'}
            </Typography>
          </Stack>
        ) : null}
        {combineJob ? <JobProgress jobId={combineJob} label="Combining the documents" onEnd={combined} /> : null}
        {files.isError ? <Alert severity="error">The documents could not be loaded.</Alert> : null}
        <TableContainer sx={OUTLINED}>
          <Table size="small" aria-label="Documents">
            <TableHead>
              <TableRow>
                {canManage ? (
                  <TableCell padding="checkbox">
                    <Checkbox
                      inputProps={{ 'aria-label': 'Select all PDF and image files' }}
                      checked={selectable.length > 0 && selected.length === selectable.length}
                      indeterminate={selected.length > 0 && selected.length < selectable.length}
                      onChange={(e) => setSelected(e.target.checked ? selectable.map((a) => a.id) : [])}
                    />
                  </TableCell>
                ) : null}
                <TableCell>Name</TableCell>
                <TableCell>Category</TableCell>
                <TableCell>Size</TableCell>
                <TableCell>Uploaded</TableCell>
                <TableCell>Status</TableCell>
                {canManage ? <TableCell>Visible to</TableCell> : null}
                {isReadOnly ? null : <TableCell align="right">Actions</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {files.isPending ? (
                <TableRow>
                  <TableCell colSpan={8}>Loading...</TableCell>
                </TableRow>
              ) : list.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={8}>No documents yet.</TableCell>
                </TableRow>
              ) : (
                list.map((a) => (
                  <TableRow key={a.id} hover>
                    {canManage ? (
                      <TableCell padding="checkbox">
                        <Checkbox
                          inputProps={{ 'aria-label': `Select ${a.fileName}` }}
                          disabled={!COMBINABLE.test(a.contentType)}
                          checked={selected.includes(a.id)}
                          onChange={() => toggle(a.id)}
                        />
                      </TableCell>
                    ) : null}
                    <TableCell sx={{ maxWidth: 280, overflowWrap: 'anywhere' }}>
                      <Link component="button" type="button" onClick={() => void run(downloadAttachment(a))} sx={{ textAlign: 'left' }}>
                        {a.fileName}
                      </Link>
                      {a.description ? (
                        <Typography variant="caption" display="block" color="text.secondary">
                          {a.description}
                        </Typography>
                      ) : null}
                    </TableCell>
                    <TableCell>{[a.categoryId, a.checklistItem].filter(Boolean).join(' / ') || '—'}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatSize(a.sizeBytes)}</TableCell>
                    <TableCell>
                      {a.uploadedBy?.name ?? ''}
                      <Typography variant="caption" display="block" color="text.secondary">
                        {formatDate(a.createdAt)}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      {a.status === 'rejected' ? (
                        <>
                          <Chip size="small" color="error" variant="outlined" label="Rejected" />
                          <Typography variant="caption" display="block">
                            {a.rejectReason}
                          </Typography>
                        </>
                      ) : (
                        <Chip size="small" variant="outlined" label={isReadOnly ? 'Received' : 'Active'} />
                      )}
                    </TableCell>
                    {canManage ? (
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        <FormControlLabel
                          label="Requester"
                          control={
                            <Switch
                              size="small"
                              checked={a.isVisibleToRequester}
                              disabled={!a.canManage || visibility.isPending}
                              onChange={(e) =>
                                visibility.mutate({
                                  id: a.id,
                                  isVisibleToRequester: e.target.checked,
                                  isVisibleToDepartment: a.isVisibleToDepartment,
                                })
                              }
                            />
                          }
                        />
                        <FormControlLabel
                          label="Department"
                          control={
                            <Switch
                              size="small"
                              checked={a.isVisibleToDepartment}
                              disabled={!a.canManage || visibility.isPending}
                              onChange={(e) =>
                                visibility.mutate({
                                  id: a.id,
                                  isVisibleToRequester: a.isVisibleToRequester,
                                  isVisibleToDepartment: e.target.checked,
                                })
                              }
                            />
                          }
                        />
                      </TableCell>
                    ) : null}
                    {isReadOnly ? null : (
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {canManage && a.canManage && a.status === 'active' ? (
                          <Tooltip title="Reject">
                            <IconButton size="small" aria-label={`Reject ${a.fileName}`} onClick={() => setRejecting(a)}>
                              <BlockOutlined fontSize="small" />
                            </IconButton>
                          </Tooltip>
                        ) : null}
                        {a.canDelete ? (
                          <Tooltip title="Delete">
                            <IconButton size="small" aria-label={`Delete ${a.fileName}`} onClick={() => setDeleting(a)}>
                              <DeleteOutline fontSize="small" />
                            </IconButton>
                          </Tooltip>
                        ) : null}
                      </TableCell>
                    )}
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </TableContainer>
      </Box>

      <RejectDialog
        fileName={rejecting?.fileName ?? null}
        busy={reject.isPending}
        onCancel={() => setRejecting(null)}
        onReject={(reason) =>
          reject.mutate(
            { id: rejecting!.id, reason },
            {
              onSuccess: () => {
                setRejecting(null);
                snack('The document was rejected.', 'success');
              },
            },
          )
        }
      />
      <ConfirmDialog
        open={!!deleting}
        title="Delete document"
        message={`Delete ${deleting?.fileName ?? ''}?`}
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          remove.mutate(deleting!.id, {
            onSuccess: () => {
              setSelected((s) => s.filter((x) => x !== deleting!.id));
              setDeleting(null);
            },
          })
        }
      />
    </Stack>
  );
}
