/** Query keys of the requests feature: invalidating ['requests'] refreshes every list and detail. */
export const requestsKey = ['requests'] as const;
export const requestKey = (id: string) => ['requests', 'one', id] as const;
export const requestTypesKey = ['request-types'] as const;
