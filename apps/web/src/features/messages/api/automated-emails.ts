import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messagesApi, type TAutomatedEmailKey } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';

/** Automated e-mail (docs/product/messages.md#automated-e-mail): one hook per call. */
const KEY = ['automated-emails'] as const;

export function useGetAutomatedEmailConfig() {
  return useQuery({ queryKey: KEY, queryFn: ({ signal }) => apiCall(messagesApi.getAutomatedEmailConfig, { signal }) });
}

export function useSaveAutomatedEmailSetting() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ key, body }: { key: TAutomatedEmailKey; body: messagesApi.TSaveAutomatedEmailInput }) =>
      apiCall(messagesApi.saveAutomatedEmailSetting, { params: { eventKey: key }, body }),
    meta: { errorHandling: 'local' },
    onSuccess: (saved) =>
      qc.setQueryData<messagesApi.TAutomatedEmailConfig>(KEY, (old) =>
        old ? { ...old, items: old.items.map((i) => (i.key === saved.key ? saved : i)) } : old,
      ),
  });
}
