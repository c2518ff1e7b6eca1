import { useMutation } from '@tanstack/react-query';
import {
  DeviceListResponseSchema,
  LinkApproveResponseSchema,
  LinkPreviewResponseSchema,
  PairingStartResponseSchema,
  PairingStateResponseSchema,
  RevokeDeviceResponseSchema,
} from '#contract/devices.ts';
import { SignedOutDevicesResponseSchema } from '#contract/auth.ts';
import { API } from '#contract/paths.ts';
import { apiRequest } from '#app/lib/http.ts';
import { apiQueryOptions, useRefetchingMutation } from '#app/lib/api-query.ts';
import { queryKeys } from '#app/lib/query-keys.ts';

const devicesKey = queryKeys.account.devices();

export const devicesQueryOptions = () =>
  apiQueryOptions(devicesKey, API.devices, DeviceListResponseSchema, { staleTime: 0 });

/** The signed-out side: a new code (and the secret that alone collects the session). */
export function useStartPairing() {
  return useMutation({
    mutationFn: () => apiRequest(API.pairingStart, PairingStartResponseSchema, { method: 'post' }),
  });
}

export function usePairingState() {
  return useMutation({
    mutationFn: (body: { code: string; secret: string }) =>
      apiRequest(API.pairingState, PairingStateResponseSchema, { method: 'post', json: body }),
  });
}

/** The signed-in side: what a code would link, then the approval with the password. */
export function useLinkPreview() {
  return useMutation({
    mutationFn: (code: string) =>
      apiRequest(API.linkPreview, LinkPreviewResponseSchema, { method: 'post', json: { code } }),
  });
}

export function useApproveLink() {
  return useRefetchingMutation(
    (body: { code: string; password: string }) =>
      apiRequest(API.linkApprove, LinkApproveResponseSchema, {
        method: 'post',
        json: body,
      }),
    devicesKey,
  );
}

export function useRevokeDevice() {
  return useRefetchingMutation(
    (id: number) =>
      apiRequest(API.revokeDevice, RevokeDeviceResponseSchema, {
        method: 'post',
        json: { id },
      }),
    devicesKey,
  );
}

/** Signs every other device out; approved pairing codes not yet collected die with them. */
export function useSignOutOtherDevices() {
  return useRefetchingMutation(
    () => apiRequest(API.revokeOtherDevices, SignedOutDevicesResponseSchema, { method: 'post' }),
    devicesKey,
  );
}
