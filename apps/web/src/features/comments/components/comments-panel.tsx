import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  FormControlLabel,
  IconButton,
  Paper,
  Stack,
  Switch,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import EditOutlined from '@mui/icons-material/EditOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { commentsApi, MSG, type TComment } from '@meridian/domain';
import { useFormatDates } from '../../../app/office-dates';
import { handleApiError } from '../../../app/errors/handle-api-error';
import { describeFailure, failureMessage } from '../../../app/errors/failure';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { Pager, usePaging } from '../../../ui/data-table';
import { useListComments, useCreateComment, useDeleteComment, useUpdateComment, type TCommentSubjectType } from '../api/comments';

export interface CommentsPanelProps {
  subjectType: TCommentSubjectType;
  subjectId: string;
  canComment: boolean;
  /** Office staff: may write internal notes (the server checks this too). */
  isStaff: boolean;
}

const { COMMENT_PAGE_SIZE, COMMENT_MAX } = commentsApi;

/** The one message for a failed post or edit, on the comment's field (the text stays for another try). */
function fieldMessage(e: unknown): string {
  const f = describeFailure(e);
  if (f.kind === 'session' || f.kind === 'forbidden') handleApiError(e);
  return f.fieldErrors.body ?? f.message;
}

function CommentItem({ c, onEdit, onDelete }: { c: TComment; onEdit: (body: string) => Promise<void>; onDelete: () => void }) {
  const { formatDateTime } = useFormatDates();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(c.body);
  const [error, setError] = useState('');
  const save = async () => {
    if (!text.trim()) return setError(MSG.required);
    try {
      await onEdit(text.trim());
      setEditing(false);
      setError('');
    } catch (e) {
      setError(fieldMessage(e));
    }
  };
  return (
    <Paper
      variant="outlined"
      component="li"
      sx={{
        p: 1.5,
        listStyle: 'none',
        bgcolor: c.isInternal ? 'rgba(237, 108, 2, 0.06)' : undefined,
        borderColor: c.isInternal ? 'warning.light' : undefined,
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
        <Typography sx={{ fontWeight: 600 }}>{c.author.name}</Typography>
        <Typography variant="caption" color="text.secondary">
          {formatDateTime(c.createdAt)}
          {c.isEdited ? ' (edited)' : ''}
        </Typography>
        {c.isInternal ? (
          <Chip size="small" label="Internal note" color="warning" variant="outlined" sx={{ color: 'text.primary' }} />
        ) : null}
        <Box sx={{ flex: 1 }} />
        {c.canEdit && !editing ? (
          <>
            <Tooltip title="Edit">
              <IconButton size="small" aria-label="Edit comment" onClick={() => setEditing(true)}>
                <EditOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title="Delete">
              <IconButton size="small" aria-label="Delete comment" onClick={onDelete}>
                <DeleteOutline fontSize="small" />
              </IconButton>
            </Tooltip>
          </>
        ) : null}
      </Stack>
      {editing ? (
        <Box sx={{ mt: 1 }}>
          <TextField
            fullWidth
            multiline
            minRows={2}
            value={text}
            onChange={(e) => setText(e.target.value)}
            label="Edit comment"
            error={!!error}
            helperText={error || `${text.length}/${COMMENT_MAX}`}
            slotProps={{ htmlInput: { maxLength: COMMENT_MAX } }}
          />
          <Stack direction="row" sx={{ gap: 1, mt: 1, justifyContent: 'flex-end' }}>
            <Button
              onClick={() => {
                setEditing(false);
                setText(c.body);
                setError('');
              }}
            >
              Cancel
            </Button>
            <Button variant="contained" onClick={() => void save()}>
              Save
            </Button>
          </Stack>
        </Box>
      ) : (
        <Typography sx={{ mt: 0.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{c.body}</Typography>
      )}
    </Paper>
  );
}

const COMMENT_PAGE_SIZES = [COMMENT_PAGE_SIZE];

/** Comments on a request or record: pages of 20, newest first; edit and delete your own; staff notes. */
export function CommentsPanel({ subjectType, subjectId, canComment, isStaff }: CommentsPanelProps) {
  const paging = usePaging({ pageSize: COMMENT_PAGE_SIZE, pageSizes: COMMENT_PAGE_SIZES });
  const [text, setText] = useState('');
  const [isInternal, setInternal] = useState(false);
  const [error, setError] = useState('');
  const [deleting, setDeleting] = useState<TComment | null>(null);
  const query = useListComments(subjectType, subjectId, paging.page);
  const create = useCreateComment(subjectType, subjectId);
  const update = useUpdateComment(subjectType, subjectId);
  const remove = useDeleteComment(subjectType, subjectId);
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / COMMENT_PAGE_SIZE));

  const submit = async () => {
    if (!text.trim()) return setError(MSG.required);
    try {
      await create.mutateAsync({ body: text.trim(), isInternal: isStaff && isInternal });
      setText('');
      setError('');
      paging.onPage(1, COMMENT_PAGE_SIZE);
    } catch (e) {
      setError(fieldMessage(e));
    }
  };

  return (
    <Box component="section" aria-label="Comments">
      {canComment ? (
        <Box sx={{ mb: 2 }}>
          <TextField
            fullWidth
            multiline
            minRows={2}
            label="Add a comment"
            value={text}
            onChange={(e) => setText(e.target.value)}
            error={!!error}
            helperText={error || `${text.length}/${COMMENT_MAX}`}
            slotProps={{ htmlInput: { maxLength: COMMENT_MAX } }}
          />
          <Stack direction="row" sx={{ mt: 1, alignItems: 'center', gap: 1 }}>
            {isStaff ? (
              <FormControlLabel
                control={<Switch checked={isInternal} onChange={(e) => setInternal(e.target.checked)} />}
                label="Internal note (office only)"
              />
            ) : null}
            <Box sx={{ flex: 1 }} />
            <Button
              variant="contained"
              disabled={create.isPending}
              onClick={() => void submit()}
              startIcon={create.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
            >
              {create.isPending ? 'Posting…' : 'Post comment'}
            </Button>
          </Stack>
        </Box>
      ) : null}
      {query.isPending ? (
        <Typography color="text.secondary" role="status">
          Loading comments…
        </Typography>
      ) : query.isError && !query.data ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void query.refetch()}>
              Retry
            </Button>
          }
        >
          The comments could not be loaded. {failureMessage(query.error)}
        </Alert>
      ) : total === 0 ? (
        <Typography color="text.secondary">No comments yet.</Typography>
      ) : (
        <Stack component="ul" spacing={1} aria-busy={query.isFetching} sx={{ p: 0, m: 0 }}>
          {query.data?.items.map((c) => (
            <CommentItem
              key={`${c.id}-${c.updatedAt}`}
              c={c}
              onEdit={async (body) => {
                await update.mutateAsync({ id: c.id, body });
              }}
              onDelete={() => setDeleting(c)}
            />
          ))}
        </Stack>
      )}
      {pages > 1 ? (
        <Box component="nav" aria-label="Comment pages" sx={{ mt: 2 }}>
          <Pager total={total} paging={paging} loading={query.isFetching} />
        </Box>
      ) : null}
      <ConfirmDialog
        open={!!deleting}
        title="Delete comment"
        message="Delete this comment?"
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          remove.mutate(deleting!.id, {
            onSuccess: () => setDeleting(null),
            onError: (e) => {
              setDeleting(null);
              handleApiError(e);
            },
          })
        }
      />
    </Box>
  );
}
