import { useCallback, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { useQueryClient } from '@tanstack/react-query';
import type { jobsApi } from '@meridian/domain';
import { SpreadsheetDropZone, useSpreadsheetUpload, type TSpreadsheetUpload } from './spreadsheet-drop-zone';

/** A refusal as the lines a feed page shows: its message alone, or its message over the file's problems, one a line. */
export function feedProblems(e: { message: string; fieldErrors?: Record<string, string[]> | undefined }): string[] {
  const lines = e.fieldErrors?.file ?? [];
  return lines.length > 1 ? [e.message, ...lines] : [lines[0] ?? e.message];
}

/**
 * The upload of a campus system's feed, then the job that compares it (a page reloaded meanwhile finds the
 * running job again: `activeJobId`). When the job ends the list is refreshed and the page goes to the
 * comparison (`resultPath`), or shows why the feed was refused (`failure`: the job's error as its route's).
 */
export function useFeedUpload(o: {
  jobKind: string;
  activeJobId: string | null;
  listKey: readonly unknown[];
  upload: (file: File, onProgress: (fraction: number) => void) => Promise<jobsApi.TJob>;
  resultPath: (job: jobsApi.TJob) => string | null;
  failure: (job: jobsApi.TJob) => { message: string; fieldErrors?: Record<string, string[]> | undefined };
}): { jobId: string | null; ended: (job: jobsApi.TJob) => void; upload: TSpreadsheetUpload } {
  const { jobKind, activeJobId, listKey, upload, resultPath, failure } = o;
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [started, setStarted] = useState<string | null>(null);
  const jobId = started ?? activeJobId;
  const { setErrors, ...state } = useSpreadsheetUpload(upload, (job) => setStarted(job.id));
  const ended = useCallback(
    (job: jobsApi.TJob) => {
      setStarted(null);
      qc.setQueryData(['jobs', 'active', jobKind], { items: [] });
      void qc.invalidateQueries({ queryKey: listKey });
      const to = job.status === 'completed' ? resultPath(job) : null;
      if (to) void navigate(to);
      else setErrors(feedProblems(failure(job)));
    },
    [qc, navigate, jobKind, listKey, resultPath, failure, setErrors],
  );
  return { jobId, ended, upload: state };
}

export interface FeedUploadCardProps {
  /** The card's heading ("Upload the HR feed"). */
  heading: string;
  /** The drop zone's label. */
  label: string;
  maxBytes: number;
  upload: TSpreadsheetUpload;
  jobId: string | null;
  /** The progress of the comparison job. */
  job: ReactNode;
  /** What the feed holds, beside the drop zone. */
  about: ReactNode;
  onDownloadTemplate: () => void;
  /** The columns guide, under both. */
  children: ReactNode;
}

/** Upload a feed (CSV or XLSX) to compare, beside what it holds and its template; its columns under both. */
export function FeedUploadCard({ heading, label, maxBytes, upload, jobId, job, about, onDownloadTemplate, children }: FeedUploadCardProps) {
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
      <Typography variant="h2" component="h2" sx={{ fontSize: '1.15rem', mb: 1 }}>
        {heading}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <SpreadsheetDropZone
            label={label}
            maxBytes={maxBytes}
            upload={upload}
            disabled={!!jobId}
            uploadingText="Uploading the feed…"
            problemsLabel="Problems in the feed"
          >
            {job}
          </SpreadsheetDropZone>
        </Box>
        <Box sx={{ flex: 1 }}>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {about}
          </Typography>
          <Button variant="outlined" startIcon={<FileDownloadOutlined />} onClick={onDownloadTemplate}>
            Download template (CSV)
          </Button>
        </Box>
      </Stack>
      {children}
    </Paper>
  );
}
