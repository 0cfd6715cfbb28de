import { useMutation } from '@tanstack/react-query';
import { authApi } from '@meridian/domain';
import type { z } from 'zod';
import { apiCall } from '../../../app/http/api-call';

type TUsePasswordLinkInput = z.input<typeof authApi.ZUsePasswordLinkInput>;

/** Set a new password through a reset or invitation link (single use). */
export function useSetPasswordWithLink() {
  return useMutation({
    mutationFn: (body: TUsePasswordLinkInput) => apiCall(authApi.usePasswordLink, { body, anonymous: true }),
    meta: { errorHandling: 'local' },
  });
}
