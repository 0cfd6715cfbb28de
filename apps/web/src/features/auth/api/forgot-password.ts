import { useMutation } from '@tanstack/react-query';
import { authApi } from '@meridian/domain';
import type { z } from 'zod';
import { apiCall } from '../../../app/http/api-call';

type TForgotPasswordInput = z.input<typeof authApi.ZForgotPasswordInput>;

/** Ask for a reset link; the answer is the same whether or not the account exists. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: TForgotPasswordInput) => apiCall(authApi.forgotPassword, { body, anonymous: true }),
    meta: { errorHandling: 'local' },
  });
}
