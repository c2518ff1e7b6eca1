import { useMutation, useQueryClient } from '@tanstack/react-query';
import { KycStatusResponseSchema, SendCodeResponseSchema, VerifyCodeResponseSchema } from '#contract/kyc.ts';
import { API } from '#contract/paths.ts';
import { apiRequest } from '#app/lib/http.ts';
import { apiQueryOptions, useRefetchingMutation } from '#app/lib/api-query.ts';
import { postMoney } from '#app/lib/money-mutation.ts';
import { invalidateMoney, queryKeys } from '#app/lib/query-keys.ts';

const kycKey = queryKeys.account.kyc();

export const kycStatusQueryOptions = () =>
  apiQueryOptions(kycKey, API.kycStatus, KycStatusResponseSchema, { staleTime: 0 });

export function useSendCode() {
  return useRefetchingMutation(
    ({ phone, botToken = null }: { phone: string; botToken?: string | null }) =>
      apiRequest(API.kycSendCode, SendCodeResponseSchema, {
        method: 'post',
        json: { phone },
        botToken,
      }),
    kycKey,
  );
}

/** Checks the code; a correct one may credit the bonus, so it carries an Idempotency-Key. */
export function useVerifyCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => postMoney(API.kycVerify, VerifyCodeResponseSchema, { code }),
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: kycKey }), invalidateMoney(queryClient)]),
  });
}
