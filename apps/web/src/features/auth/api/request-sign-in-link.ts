import { useMutation } from '@tanstack/react-query';
import { authApi } from '@meridian/domain';
import type { z } from 'zod';
import { apiCall } from '../../../app/http/api-call';

type TRequestSignInLinkInput = z.input<typeof authApi.ZRequestSignInLinkInput>;

/** Ask for an e-mailed sign-in link while sign-ins are slowed down; the answer is the same whatever the account. */
export function useRequestSignInLink() {
  return useMutation({
    mutationFn: (body: TRequestSignInLinkInput) => apiCall(authApi.requestSignInLink, { body, anonymous: true }),
    meta: { errorHandling: 'local' },
  });
}
