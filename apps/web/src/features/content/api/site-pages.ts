import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contentApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';

/** Site Pages (docs/product/site-pages.md): the office's list and editor, one hook per call. */
const ROOT = ['site-pages'] as const;

export function useListSitePages() {
  return useQuery({ queryKey: [...ROOT, 'list'], queryFn: ({ signal }) => apiCall(contentApi.listSitePages, { signal }) });
}

export function useGetSitePage(id: string | undefined) {
  return useQuery({
    queryKey: [...ROOT, 'one', id],
    enabled: !!id,
    retry: false,
    meta: { errorHandling: 'local' },
    queryFn: ({ signal }) => apiCall(contentApi.getSitePage, { params: { pageId: id! }, signal }),
  });
}

function usePageMutation<I>(fn: (input: I) => Promise<contentApi.TSitePage>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { errorHandling: 'local' },
    onSuccess: (saved) => {
      qc.setQueryData([...ROOT, 'one', saved.id], saved);
      void qc.invalidateQueries({ queryKey: [...ROOT, 'list'] });
      void qc.invalidateQueries({ queryKey: [...ROOT, 'mine'] });
    },
  });
}

export const useCreateSitePage = () =>
  usePageMutation((body: contentApi.TSaveSitePageInput) => apiCall(contentApi.createSitePage, { body }));

export const useUpdateSitePage = () =>
  usePageMutation(({ id, body }: { id: string; body: contentApi.TUpdateSitePageInput }) =>
    apiCall(contentApi.updateSitePage, { params: { pageId: id }, body }),
  );

export const usePublishSitePage = () =>
  usePageMutation(({ id, version }: { id: string; version: number }) =>
    apiCall(contentApi.publishSitePage, { params: { pageId: id }, body: { version } }),
  );

export const useUnpublishSitePage = () =>
  usePageMutation(({ id, version }: { id: string; version: number }) =>
    apiCall(contentApi.unpublishSitePage, { params: { pageId: id }, body: { version } }),
  );

export function useDeleteSitePage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(contentApi.deleteSitePage, { params: { pageId: id } }),
    meta: { errorHandling: 'local' },
    onSuccess: () => void qc.invalidateQueries({ queryKey: ROOT }),
  });
}

export function useReorderSitePages() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (pageIds: string[]) => apiCall(contentApi.reorderSitePages, { body: { pageIds } }),
    meta: { errorHandling: 'local' },
    onSuccess: (list) => qc.setQueryData([...ROOT, 'list'], list),
  });
}

export function usePreviewSitePage() {
  return useMutation({
    mutationFn: (bodyHtml: string) => apiCall(contentApi.previewSitePage, { body: { bodyHtml } }),
    meta: { errorHandling: 'local' },
  });
}

/** The signed-in student's or scholar's pages. */
export function useListMySitePages() {
  return useQuery({
    queryKey: [...ROOT, 'mine', 'list'],
    queryFn: ({ signal }) => apiCall(contentApi.listMySitePages, { signal }),
    // Each page that lists them says so itself (the service menu leaves its section out).
    meta: { errorHandling: 'local' },
  });
}

export function useGetMySitePage(slug: string | undefined) {
  return useQuery({
    queryKey: [...ROOT, 'mine', 'one', slug],
    enabled: !!slug,
    retry: false,
    // A page that is not the reader's (or no longer published) is said on the page itself.
    meta: { errorHandling: 'local' },
    queryFn: ({ signal }) => apiCall(contentApi.getMySitePage, { params: { slug: slug! }, signal }),
  });
}
