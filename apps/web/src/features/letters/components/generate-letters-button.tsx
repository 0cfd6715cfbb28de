import { useCallback, useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { lettersApi, type jobsApi } from '@meridian/domain';
import { describeFailure } from '../../../app/errors/failure';
import { isApiError } from '../../../app/http/api-error';
import { snack } from '../../../ui/notify';
import { downloadJobFile, jobFailure, JobProgress } from '../../jobs';
import { useGenerateLetters } from '../api/letters';
import { useCan } from '../api/use-can';
import { TemplateSelect, VisibilityRadios } from './letter-fields';

const STUDENT_KINDS: readonly lettersApi.TLetterRecordKind[] = ['student', 'exchangeVisitor'];

/**
 * "Generate letters" for the rows chosen in a list: one letter filed on each record, and all of them in
 * one PDF to download once the job is done (docs/product/letters.md#many-at-once).
 */
export function GenerateLettersButton({
  recordIds,
  kind,
}: {
  recordIds: readonly string[];
  /** Which templates fit every chosen record: none named, any student record template (scholar cases' letters are written one at a time). */
  kind: lettersApi.TLetterRecordKind | undefined;
}) {
  const mayGenerate = useCan('letters.generate');
  const [open, setOpen] = useState(false);
  const [template, setTemplate] = useState<lettersApi.TLetterTemplateSummary | null>(null);
  const [visibility, setVisibility] = useState<lettersApi.TLetterVisibility>('office');
  const [error, setError] = useState<string | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const start = useGenerateLetters();
  const onEnd = useCallback((job: jobsApi.TJob) => {
    setJobId(null);
    if (job.status === 'failed') {
      const e = jobFailure(job);
      return setError(Object.values(e.fieldErrors ?? {})[0]?.[0] ?? e.message);
    }
    const result = lettersApi.ZGenerateLettersResult.safeParse(job.result);
    snack(`${result.success ? result.data.filed : ''} letters were filed on their records.`.trim(), 'success');
    void downloadJobFile(job, 'letters.pdf').catch((e: unknown) => setError(describeFailure(e).message));
  }, []);
  if (!mayGenerate) return null;
  const tooMany = recordIds.length > lettersApi.LETTER_BATCH_MAX;
  return (
    <>
      <Button variant="outlined" disabled={recordIds.length === 0} onClick={() => setOpen(true)}>
        Generate letters{recordIds.length ? ` (${recordIds.length})` : ''}
      </Button>
      <Dialog
        open={open}
        onClose={() => (jobId ? undefined : setOpen(false))}
        maxWidth="sm"
        fullWidth
        aria-labelledby="generate-letters-title"
      >
        <DialogTitle id="generate-letters-title">Generate letters</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            <Typography>
              One letter for each of the {recordIds.length} chosen record{recordIds.length === 1 ? '' : 's'}, filed on its Documents; then
              all of them in one PDF to download.
            </Typography>
            {tooMany ? <Alert severity="warning">{lettersApi.LETTER_MSG.batchTooMany}</Alert> : null}
            <TemplateSelect
              kind={kind ?? STUDENT_KINDS}
              value={template}
              onChange={(t) => {
                setTemplate(t);
                if (t) setVisibility(t.defaultVisibility);
              }}
            />
            <VisibilityRadios value={visibility} onChange={setVisibility} />
            {jobId ? <JobProgress jobId={jobId} label="Generating letters" onEnd={onEnd} /> : null}
            {error ? <Alert severity="error">{error}</Alert> : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={!!jobId}>
            Close
          </Button>
          <Button
            variant="contained"
            disabled={!template || tooMany || start.isPending || !!jobId}
            onClick={() => {
              setError(null);
              start.mutate(
                { templateId: template!.id, recordIds: [...recordIds], visibility },
                {
                  onSuccess: (job) => setJobId(job.id),
                  onError: (e) =>
                    setError(isApiError(e) ? (Object.values(e.fieldErrors ?? {})[0]?.[0] ?? e.message) : describeFailure(e).message),
                },
              );
            }}
          >
            Generate
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
