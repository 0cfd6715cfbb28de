import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { commentsApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';

export type TCommentSubjectType = (typeof commentsApi.COMMENT_SUBJECTS)[number];
const commentsQueryKey = (subjectType: TCommentSubjectType, subjectId: string) => ['comments', subjectType, subjectId] as const;

/** One page (20) of comments, newest first. */
export function useListComments(subjectType: TCommentSubjectType, subjectId: string, page: number) {
  return useQuery({
    queryKey: [...commentsQueryKey(subjectType, subjectId), page],
    queryFn: ({ signal }) => apiCall(commentsApi.listComments, { query: { subjectType, subjectId, page }, signal }),
    placeholderData: keepPreviousData,
    // The panel says a failure itself, with Retry.
    meta: { errorHandling: 'local' },
  });
}

/**
 * A change to the comments: done once the server has answered. The list is refreshed after, without
 * waiting for it, so a slow or failed reload never keeps "Post comment" busy.
 */
function useInvalidating<V>(subjectType: TCommentSubjectType, subjectId: string, fn: (v: V) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { errorHandling: 'local' },
    onSuccess: () => void qc.invalidateQueries({ queryKey: commentsQueryKey(subjectType, subjectId) }),
  });
}

export const useCreateComment = (subjectType: TCommentSubjectType, subjectId: string) =>
  useInvalidating(subjectType, subjectId, (v: { body: string; isInternal: boolean }) =>
    apiCall(commentsApi.createComment, { body: { subjectType, subjectId, ...v } }),
  );

export const useUpdateComment = (subjectType: TCommentSubjectType, subjectId: string) =>
  useInvalidating(subjectType, subjectId, (v: { id: string; body: string }) =>
    apiCall(commentsApi.updateComment, { params: { commentId: v.id }, body: { body: v.body } }),
  );

export const useDeleteComment = (subjectType: TCommentSubjectType, subjectId: string) =>
  useInvalidating(subjectType, subjectId, (id: string) => apiCall(commentsApi.deleteComment, { params: { commentId: id } }));
