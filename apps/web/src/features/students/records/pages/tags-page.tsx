import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Alert, Box, IconButton, Link, Paper, Table, TableBody, TableCell, TableHead, TableRow, TextField, Tooltip } from '@mui/material';
import EditOutlined from '@mui/icons-material/EditOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { useDocumentTitle } from '../../../../app/use-document-title';
import { isApiError } from '../../../../app/http/api-error';
import { PageHeader } from '../../../../ui/page-header';
import { PageLoader } from '../../../../ui/page-loader';
import { ConfirmDialog } from '../../../../ui/confirm-dialog';
import { snack } from '../../../../ui/notify';
import { serializeFilters } from '../../../../ui/url-filters';
import { useRemoveStudentTag, useRenameStudentTag, useStudentTags } from '../../list';

const records = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'record' : 'records'}`;

/** The Student List of one tag (its Tag filter, every list title). */
const listOf = (tag: string) => `/isss/students-list?filters=${serializeFilters({ title: 'all', tag })}`;

/**
 * The office's tags as one vocabulary (docs/product/students-records.md#tags): how many records carry each,
 * rename (merging into a tag that exists), remove from every record.
 */
export function StudentTagsPage() {
  useDocumentTitle('Tags');
  const tags = useStudentTags();
  const rename = useRenameStudentTag();
  const remove = useRemoveStudentTag();
  const [renaming, setRenaming] = useState<{ from: string; to: string } | null>(null);
  const [removing, setRemoving] = useState<{ tag: string; records: number } | null>(null);
  const items = tags.data?.items ?? [];
  const renameError = isApiError(rename.error) ? (rename.error.fieldErrors?.to?.[0] ?? rename.error.message) : null;
  const mergesInto = renaming && items.some((i) => i.tag === renaming.to.trim() && i.tag !== renaming.from);

  return (
    <Box>
      <PageHeader
        title="Tags"
        subtitle="The tags the office puts on student records. Rename one on every record at once, merge two into one, or remove one everywhere."
      />
      {tags.isPending ? (
        <PageLoader />
      ) : items.length === 0 ? (
        <Alert severity="info">
          No student record carries a tag yet. Tags are added on a record, or on the records chosen in the Student List.
        </Alert>
      ) : (
        <Paper variant="outlined">
          <Table aria-label="Tags" size="small">
            <TableHead>
              <TableRow>
                <TableCell scope="col">Tag</TableCell>
                <TableCell scope="col" align="right">
                  Records
                </TableCell>
                <TableCell scope="col" align="right">
                  Actions
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((i) => (
                <TableRow key={i.tag}>
                  <TableCell component="th" scope="row">
                    <Link component={RouterLink} to={listOf(i.tag)}>
                      {i.tag}
                    </Link>
                  </TableCell>
                  <TableCell align="right">{i.records.toLocaleString('en-US')}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Tooltip title="Rename or merge">
                      <IconButton
                        size="small"
                        aria-label={`Rename ${i.tag}`}
                        onClick={() => {
                          rename.reset();
                          setRenaming({ from: i.tag, to: i.tag });
                        }}
                      >
                        <EditOutlined fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title="Remove from every record">
                      <IconButton
                        size="small"
                        aria-label={`Remove ${i.tag}`}
                        onClick={() => {
                          remove.reset();
                          setRemoving({ tag: i.tag, records: i.records });
                        }}
                      >
                        <DeleteOutline fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
      <ConfirmDialog
        open={!!renaming}
        title={renaming ? `Rename “${renaming.from}”` : 'Rename'}
        message={
          mergesInto
            ? `“${renaming.to.trim()}” is a tag already: the two become one on every record.`
            : 'The tag changes on every student record that carries it, at every campus site.'
        }
        width="sm"
        confirmLabel={mergesInto ? 'Merge' : 'Rename'}
        busy={rename.isPending}
        onCancel={() => setRenaming(null)}
        onConfirm={() =>
          renaming &&
          rename.mutate(
            { from: renaming.from, to: renaming.to.trim() },
            {
              onSuccess: (r) => {
                snack(`${r.merged ? 'Merged' : 'Renamed'} on ${records(r.records)}.`, 'success');
                setRenaming(null);
              },
            },
          )
        }
      >
        <TextField
          label="New name"
          value={renaming?.to ?? ''}
          onChange={(e) => setRenaming((r) => (r ? { ...r, to: e.target.value } : r))}
          error={!!renameError}
          helperText={renameError ?? 'Up to 60 characters.'}
          slotProps={{ htmlInput: { maxLength: 60 } }}
          fullWidth
          autoFocus
          margin="dense"
        />
      </ConfirmDialog>
      <ConfirmDialog
        open={!!removing}
        title="Remove tag"
        message={removing ? `Remove “${removing.tag}” from ${records(removing.records)}?` : ''}
        effects={['Each record keeps its other tags. The Logs record who removed it.']}
        destructive
        confirmLabel="Remove"
        busy={remove.isPending}
        error={remove.error?.message}
        onCancel={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.tag, {
            onSuccess: (r) => {
              snack(`Removed from ${records(r.records)}.`, 'success');
              setRemoving(null);
            },
          })
        }
      />
    </Box>
  );
}
