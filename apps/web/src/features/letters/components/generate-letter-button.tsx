import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { lettersApi } from '@meridian/domain';
import { describeFailure } from '../../../app/errors/failure';
import { isApiError } from '../../../app/http/api-error';
import { snack } from '../../../ui/notify';
import { useGenerateLetter } from '../api/letters';
import { useCan } from '../api/use-can';
import { TemplateSelect, VisibilityRadios } from './letter-fields';

/** The record a letter is written for: a student record (J-1 or not), or a scholar case. */
export type TLetterButtonRecord = { profileId: string; visaType: string } | { scholarCaseId: string };

/**
 * "Generate letter" on a student record or a scholar case: choose a template of the record's kind and who
 * sees it; the PDF is filed on the record's Documents, or on the case's sponsorship request
 * (docs/product/letters.md#generate-and-file, docs/product/letters.md#records). `recordQueryKey` is refreshed after.
 */
export function GenerateLetterButton({ recordQueryKey, ...record }: TLetterButtonRecord & { recordQueryKey: readonly unknown[] }) {
  const qc = useQueryClient();
  const mayGenerate = useCan('letters.generate');
  const [open, setOpen] = useState(false);
  const [template, setTemplate] = useState<lettersApi.TLetterTemplateSummary | null>(null);
  const [visibility, setVisibility] = useState<lettersApi.TLetterVisibility>('office');
  const [error, setError] = useState<string | null>(null);
  const generate = useGenerateLetter(() => void qc.invalidateQueries({ queryKey: recordQueryKey }));
  if (!mayGenerate) return null;
  const isCase = 'scholarCaseId' in record;
  const recordId = isCase ? record.scholarCaseId : record.profileId;
  // A student template fits any student record; an exchange visitor template only a J-1 one; a scholar case its own.
  const kinds: readonly lettersApi.TLetterRecordKind[] = isCase
    ? ['scholarCase']
    : record.visaType === 'J-1'
      ? ['student', 'exchangeVisitor']
      : ['student'];
  const close = () => {
    setOpen(false);
    setError(null);
  };
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)}>
        Generate letter
      </Button>
      <Dialog open={open} onClose={close} maxWidth="sm" fullWidth aria-labelledby="generate-letter-title">
        <DialogTitle id="generate-letter-title">Generate letter</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            <TemplateSelect
              kind={kinds}
              value={template}
              onChange={(t) => {
                setTemplate(t);
                if (t) setVisibility(t.defaultVisibility);
              }}
            />
            <VisibilityRadios
              value={visibility}
              onChange={setVisibility}
              {...(isCase ? { personLabel: 'The department, the scholar and the office' } : {})}
            />
            {error ? <Alert severity="error">{error}</Alert> : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button
            variant="contained"
            disabled={!template || generate.isPending}
            onClick={() =>
              generate.mutate(
                { templateId: template!.id, recordId, visibility },
                {
                  onSuccess: () => {
                    snack(lettersApi.LETTER_MSG.generated, 'success');
                    close();
                  },
                  onError: (e) =>
                    setError(isApiError(e) ? (Object.values(e.fieldErrors ?? {})[0]?.[0] ?? e.message) : describeFailure(e).message),
                },
              )
            }
          >
            {generate.isPending ? 'Generating…' : 'Generate and file'}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
