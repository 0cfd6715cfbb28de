import { useState } from 'react';
import {
  Alert,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { identityLinksApi as A } from '@meridian/domain';
import { isApiError } from '../../../app/http/api-error';
import { FileDropZone } from '../../../ui/file-drop-zone';
import { snack } from '../../../ui/notify';
import { applyBulkLink, identityLinksKey, previewBulkLink } from '../api/identity-links';

/** How many rows of a preview the dialog lists: those that need attention first. */
const SHOWN = 200;
const COLOR: Record<A.TBulkLinkOutcome, 'default' | 'success' | 'warning' | 'error'> = {
  change: 'success',
  already: 'default',
  conflict: 'error',
  'not-found': 'warning',
  invalid: 'error',
};
/** An outcome as an outlined chip; orange text would fail contrast, so "not found" keeps dark text in an orange border. */
function OutcomeChip({ outcome, label, small }: { outcome: A.TBulkLinkOutcome; label: string; small?: boolean }) {
  const size = small ? 'small' : 'medium';
  if (COLOR[outcome] === 'warning')
    return <Chip size={size} variant="outlined" label={label} sx={{ borderColor: 'warning.main', borderWidth: 2 }} />;
  return <Chip size={size} variant="outlined" color={COLOR[outcome]} label={label} />;
}
const ORDER: A.TBulkLinkOutcome[] = ['invalid', 'conflict', 'not-found', 'change', 'already'];

const errorText = (e: unknown, fallback: string) => {
  if (!isApiError(e)) return fallback;
  const lines = e.fieldErrors?.file ?? [];
  return [e.message, ...lines.filter((l) => l !== e.message)].join('\n');
};

/** Bulk link from a file: preview what would change, then apply it all or nothing (docs/product/integrated-user-tool.md#bulk-link). */
export function BulkLinkDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const qc = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [preview, setPreview] = useState<A.TBulkLinkPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reset = () => {
    setFile(null);
    setPreview(null);
    setError(null);
    setProgress(null);
  };
  const close = () => {
    reset();
    onClose();
  };
  const choose = (f: File) => {
    reset();
    setFile(f);
    setProgress(0);
    previewBulkLink(f, setProgress)
      .then(setPreview)
      .catch((e: unknown) => setError(errorText(e, 'The file could not be read.')))
      .finally(() => setProgress(null));
  };
  const apply = () => {
    if (!file) return;
    setProgress(0);
    applyBulkLink(file, setProgress)
      .then((done) => {
        snack(`${done.changed.toLocaleString('en-US')} ${done.changed === 1 ? 'account' : 'accounts'} linked or changed.`, 'success');
        void qc.invalidateQueries({ queryKey: identityLinksKey });
        close();
      })
      .catch((e: unknown) => setError(errorText(e, 'Nothing was changed: the file could not be applied.')))
      .finally(() => setProgress(null));
  };
  const rows = preview ? [...preview.rows].sort((a, b) => ORDER.indexOf(a.outcome) - ORDER.indexOf(b.outcome) || a.rowNo - b.rowNo) : [];
  return (
    <Dialog open={open} onClose={close} maxWidth="lg" fullWidth aria-labelledby="bulk-link-title">
      <DialogTitle id="bulk-link-title">Bulk link from a file</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          A CSV or Excel file with a header row: an account column (<code>email</code> or <code>user_name</code>) and an id column (
          <code>campus_id</code> for students, <code>employee_id</code> for scholars). The preview changes nothing; Apply changes every row
          or, when one row needs attention, none.
        </DialogContentText>
        <FileDropZone
          label={file ? `${file.name}: choose another file` : 'Drop the file here, or press Enter to choose it'}
          accept=".csv,.xlsx"
          maxBytes={A.BULK_LINK_MAX_BYTES}
          progress={progress}
          onFile={choose}
        />
        {error ? (
          <Alert severity="error" sx={{ mt: 2, whiteSpace: 'pre-line' }} role="alert">
            {error}
          </Alert>
        ) : null}
        {preview ? (
          <>
            <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 2, flexWrap: 'wrap' }} aria-label="What the file would do">
              {A.BULK_LINK_OUTCOMES.map((o) => (
                <OutcomeChip key={o} outcome={o} label={`${A.BULK_LINK_OUTCOME_LABELS[o]}: ${preview.counts[o] ?? 0}`} />
              ))}
            </Stack>
            {!preview.canApply ? (
              <Alert severity={preview.counts.change ? 'warning' : 'info'} sx={{ mt: 2 }}>
                {preview.counts.change
                  ? A.MSG_IDENTITY_LINKS.notApplied(preview.rows.length - preview.counts.change - preview.counts.already)
                  : A.MSG_IDENTITY_LINKS.nothingToApply}
              </Alert>
            ) : null}
            <TableContainer sx={{ mt: 2, maxHeight: 420 }}>
              <Table size="small" stickyHeader aria-label={`Preview of ${preview.fileName}`}>
                <TableHead>
                  <TableRow>
                    <TableCell scope="col">Row</TableCell>
                    <TableCell scope="col">Account</TableCell>
                    <TableCell scope="col">Id</TableCell>
                    <TableCell scope="col">Result</TableCell>
                    <TableCell scope="col">Record</TableCell>
                    <TableCell scope="col">What happens</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.slice(0, SHOWN).map((r) => (
                    <TableRow key={r.rowNo}>
                      <TableCell>{r.rowNo}</TableCell>
                      <TableCell component="th" scope="row">
                        {r.accountName ? `${r.accountName} (${r.account})` : r.account || '—'}
                      </TableCell>
                      <TableCell>{r.externalId || '—'}</TableCell>
                      <TableCell>
                        <OutcomeChip small outcome={r.outcome} label={A.BULK_LINK_OUTCOME_LABELS[r.outcome]} />
                      </TableCell>
                      <TableCell>{r.recordName ?? '—'}</TableCell>
                      <TableCell>{r.message}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            {rows.length > SHOWN ? (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                The first {SHOWN} of {rows.length.toLocaleString('en-US')} rows, those that need attention first.
              </Typography>
            ) : null}
          </>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Close</Button>
        <Button variant="contained" onClick={apply} disabled={!preview?.canApply || progress !== null}>
          Apply all
        </Button>
      </DialogActions>
    </Dialog>
  );
}
