import { useMutation, useQueryClient } from '@tanstack/react-query';
import { studentsApi } from '@meridian/domain';
import { apiCall } from '../../../../app/http/api-call';
import { uploadFile } from '../../../../app/http/upload-file';

/** Creates a J-1 cohort (or, with checkOnly, checks it): all records or none; field errors name participants.N.field. */
export function useCreateJ1Cohort() {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (body: studentsApi.TJ1CohortInput) => apiCall(studentsApi.createJ1Cohort, { body }),
    onSuccess: (r) => {
      if (r.records.length) void qc.invalidateQueries({ queryKey: ['students', 'list'] });
    },
  });
}

/** Sends a participants file (CSV or XLSX) to be read into rows for review; nothing is created. */
export function readJ1CohortFile(file: File, onProgress: (fraction: number) => void): Promise<studentsApi.TJ1CohortFileRows> {
  return uploadFile<studentsApi.TJ1CohortFileRows>(studentsApi.readJ1CohortFile.path, file, onProgress);
}
