import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { scholarsApi } from '@meridian/domain';
import { apiCall } from '../../../../app/http/api-call';

/** Query keys of one case: invalidating ['scholars', 'office-case', id] refreshes every tab of it. */
export const caseKey = (id: string) => ['scholars', 'office-case', id] as const;

/** The case as the office reads it (Review Sponsorship Request and the scholar profile). */
export function useGetOfficeCase(applicationId: string) {
  return useQuery({
    queryKey: [...caseKey(applicationId), 'main'],
    meta: { errorHandling: 'local' },
    queryFn: ({ signal }) => apiCall(scholarsApi.getOfficeCase, { params: { applicationId }, signal }),
    enabled: !!applicationId,
  });
}

/** A change of the case answers the whole case: put it in the cache, refresh the tabs and the dashboard. */
function useCaseMutation<TBody>(applicationId: string, call: (body: TBody) => Promise<scholarsApi.TOfficeCase>) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: call,
    onSuccess: (data) => {
      qc.setQueryData([...caseKey(applicationId), 'main'], data);
      void qc.invalidateQueries({ queryKey: caseKey(applicationId) });
      void qc.invalidateQueries({ queryKey: ['scholars', 'dashboard'] });
    },
  });
}

export const useProcessSponsorship = (applicationId: string) =>
  useCaseMutation(applicationId, (body: scholarsApi.TProcessSponsorshipInput) =>
    apiCall(scholarsApi.processSponsorship, { params: { applicationId }, body }),
  );
export const useChangeCaseStatus = (applicationId: string) =>
  useCaseMutation(applicationId, (body: scholarsApi.TStatusChangeInput) =>
    apiCall(scholarsApi.changeCaseStatus, { params: { applicationId }, body }),
  );
export const useUpdateOfficeData = (applicationId: string) =>
  useCaseMutation(applicationId, (body: scholarsApi.TOfficeDataInput) =>
    apiCall(scholarsApi.updateOfficeData, { params: { applicationId }, body }),
  );
export const useUpdatePremiumProcessing = (applicationId: string) =>
  useCaseMutation(applicationId, (body: scholarsApi.TPremiumProcessingInput) =>
    apiCall(scholarsApi.updatePremiumProcessing, { params: { applicationId }, body }),
  );
export const useUpdateEmploymentDetails = (applicationId: string) =>
  useCaseMutation(applicationId, (body: scholarsApi.TEmploymentDetailsInput) =>
    apiCall(scholarsApi.updateEmploymentDetails, { params: { applicationId }, body }),
  );

/** Requests tab. */
export function useListCaseRequests(applicationId: string) {
  return useQuery({
    queryKey: [...caseKey(applicationId), 'requests'],
    queryFn: ({ signal }) => apiCall(scholarsApi.listCaseRequests, { params: { applicationId }, signal }),
  });
}

/** Documents tab. */
export function useListCaseDocuments(applicationId: string) {
  return useQuery({
    queryKey: [...caseKey(applicationId), 'documents'],
    queryFn: ({ signal }) => apiCall(scholarsApi.listCaseDocuments, { params: { applicationId }, signal }),
  });
}

/** History Log tab, newest first. */
export function useGetCaseHistory(applicationId: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: [...caseKey(applicationId), 'history', page, pageSize],
    queryFn: ({ signal }) => apiCall(scholarsApi.getCaseHistory, { params: { applicationId }, query: { page, pageSize }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Exchange Visitor tab: the J-1 case becomes an exchange visitor record that raises the SEVIS Create. */
export const useCreateCaseExchangeVisitor = (applicationId: string) =>
  useCaseMutation(applicationId, (body: scholarsApi.TCaseExchangeVisitorInput) =>
    apiCall(scholarsApi.createCaseExchangeVisitor, { params: { applicationId }, body }),
  );
