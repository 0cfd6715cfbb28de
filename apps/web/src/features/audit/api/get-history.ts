import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { auditApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';

type TEntityType = (typeof auditApi.AUDITED_ENTITIES)[number];

/** History Log of one record, newest first. */
export function useGetHistory(entityType: TEntityType, entityId: string | null, page: number, pageSize = 10) {
  return useQuery({
    queryKey: ['audit', entityType, entityId, page, pageSize],
    queryFn: ({ signal }) =>
      apiCall(auditApi.getHistory, { params: { entityType, entityId: entityId ?? '' }, query: { page, pageSize }, signal }),
    enabled: !!entityId,
    placeholderData: keepPreviousData,
  });
}
