import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { scholarsApi, type TSaveApplicationInput, type TScholarApplicationForm } from '@meridian/domain';
import { apiCall } from '../../../../app/http/api-call';
import { attachmentsQueryKey } from '../../../attachments';

const applicationKey = (id: string) => ['scholars', 'portal', 'application', id] as const;

/** The signed-in scholar's current application (the page of their processed state). */
export function useGetMyApplication(enabled = true) {
  return useQuery({
    queryKey: applicationKey('mine'),
    queryFn: ({ signal }) => apiCall(scholarsApi.getMyApplication, { signal }),
    enabled,
    retry: false,
    // The page says "no application yet" itself.
    meta: { errorHandling: 'local' },
  });
}

/** One of the scholar's own applications by id (the O-1 extension page names it in the address). */
export function useGetPortalApplication(applicationId: string, enabled = true) {
  return useQuery({
    queryKey: applicationKey(applicationId),
    queryFn: ({ signal }) => apiCall(scholarsApi.getPortalApplication, { params: { applicationId }, signal }),
    enabled: enabled && !!applicationId,
    retry: false,
    meta: { errorHandling: 'local' },
  });
}

function useStore() {
  const qc = useQueryClient();
  return (app: TScholarApplicationForm) => {
    qc.setQueryData(applicationKey(app.applicationId), app);
    qc.setQueryData(applicationKey('mine'), (old: TScholarApplicationForm | undefined) =>
      old?.applicationId === app.applicationId ? app : old,
    );
  };
}

/** Save draft: the version read goes with it (409 when the application changed since). */
export function useSaveApplicationDraft(applicationId: string) {
  const store = useStore();
  return useMutation({
    mutationFn: (body: TSaveApplicationInput) => apiCall(scholarsApi.saveApplicationDraft, { params: { applicationId }, body }),
    onSuccess: store,
    // The form shows field errors and conflicts itself (the rest it hands to handleApiError).
    meta: { errorHandling: 'local' },
  });
}

/** Submit to ISSS (the server saves the form first, so a refused submit loses nothing). */
export function useSubmitApplication(applicationId: string) {
  const store = useStore();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TSaveApplicationInput) => apiCall(scholarsApi.submitApplication, { params: { applicationId }, body }),
    onSuccess: (app) => {
      store(app);
      // The files and checklist read before submitting still offer Delete; the locked application's do not.
      if (app.applicationRequestId) void qc.invalidateQueries({ queryKey: attachmentsQueryKey(app.applicationRequestId) });
    },
    meta: { errorHandling: 'local' },
    // A refused submit still saved the form: learn its new version.
    onError: () => qc.invalidateQueries({ queryKey: ['scholars', 'portal', 'application'] }),
  });
}
