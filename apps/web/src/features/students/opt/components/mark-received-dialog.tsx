import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { attachmentsApi, can, STEM_REPORT_KIND_LABELS, studentsApi } from '@meridian/domain';
import { useFormatDates } from '../../../../app/office-dates';
import type { z } from 'zod';
import { apiCall } from '../../../../app/http/api-call';
import { useOfficeToday } from '../../../../app/office-today';
import { useGetCurrentUser } from '../../../auth';
import { actorOf } from '../../../../shells/common/menu';
import { useMarkStemReportReceived } from '../api/opt';
import { FormTextField } from '../../../../ui/form/form-text-field';
import { handleFormError } from '../../../../ui/form/handle-form-error';
import { DateInput } from '../../../../ui/date-input';
import { snack } from '../../../../ui/notify';

type TForm = z.input<typeof studentsApi.ZMarkStemReportReceivedInput>;
type TOut = z.output<typeof studentsApi.ZMarkStemReportReceivedInput>;
const FIELDS = ['receivedOn', 'attachmentId', 'notes'] as const;

/** Mark a STEM validation report or I-983 evaluation received: the date, optionally one of the student's files, notes. */
export function MarkReceivedDialog({ report, onClose }: { report: studentsApi.TStemReport; onClose: () => void }) {
  const { formatDate } = useFormatDates();
  const mark = useMarkStemReportReceived();
  const me = useGetCurrentUser();
  const mayListFiles = !!report.studentUserId && can(me.data ? actorOf(me.data) : null, 'attachments.manage');
  const files = useQuery({
    queryKey: ['attachments', 'user', report.studentUserId],
    queryFn: ({ signal }) => apiCall(attachmentsApi.listUserAttachments, { params: { userId: report.studentUserId! }, signal }),
    enabled: mayListFiles,
  });
  const [formError, setFormError] = useState<string | null>(null);
  const today = useOfficeToday();
  const { control, handleSubmit, setError } = useForm<TForm, unknown, TOut>({
    resolver: zodResolver(studentsApi.ZMarkStemReportReceivedInput),
    defaultValues: { receivedOn: today(), attachmentId: null, notes: '' },
  });
  const name = `${report.firstName} ${report.lastName}`;
  const what = STEM_REPORT_KIND_LABELS[report.kind];
  const onValid = (body: TOut) => {
    setFormError(null);
    mark.mutate(
      { reportId: report.reportId, body },
      {
        onSuccess: () => {
          snack(`${what} of ${name} marked received.`, 'success');
          onClose();
        },
        onError: (e) => setFormError(handleFormError(e, setError, FIELDS)),
      },
    );
  };
  const active = (files.data ?? []).filter((f) => f.status === 'active');

  return (
    <Dialog open onClose={mark.isPending ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby="mark-received-title">
      <Box component="form" noValidate onSubmit={(e) => void handleSubmit(onValid)(e)}>
        <DialogTitle id="mark-received-title">Mark report received</DialogTitle>
        <DialogContent dividers>
          <Typography sx={{ mb: 2 }}>
            <strong>{what}</strong> of <strong>{name}</strong>
            {report.employerName ? ` (${report.employerName})` : ''}, due {formatDate(report.dueDate)}
            {report.submitBy !== report.dueDate ? ` (on time if received by ${formatDate(report.submitBy)})` : ''}.
          </Typography>
          {formError ? (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {formError}
            </Alert>
          ) : null}
          <Controller
            control={control}
            name="receivedOn"
            render={({ field, fieldState }) => (
              <DateInput
                label="Received on"
                required
                autoFocus
                name={field.name}
                inputRef={field.ref}
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={!!fieldState.error}
                helperText={fieldState.error?.message ?? 'MM/DD/YYYY'}
                sx={{ mb: 2 }}
              />
            )}
          />
          {mayListFiles ? (
            <Controller
              control={control}
              name="attachmentId"
              render={({ field, fieldState }) => (
                <TextField
                  select
                  fullWidth
                  label="Document (optional)"
                  value={field.value ?? ''}
                  onChange={(e) => field.onChange(e.target.value || null)}
                  error={!!fieldState.error}
                  helperText={
                    fieldState.error?.message ??
                    (files.isPending
                      ? 'Loading the student’s files…'
                      : active.length
                        ? 'One of the files on the student’s record'
                        : 'The student has no files on record')
                  }
                  sx={{ mb: 2 }}
                >
                  <MenuItem value="">No document</MenuItem>
                  {active.map((f) => (
                    <MenuItem key={f.id} value={f.id}>
                      {f.fileName}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          ) : null}
          <FormTextField
            control={control}
            name="notes"
            label="Notes"
            fullWidth
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={mark.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={mark.isPending}
            startIcon={mark.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
          >
            Mark received
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
