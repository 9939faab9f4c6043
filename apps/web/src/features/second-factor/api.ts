import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  cookieSessionReplySchema,
  type EnrolProof,
  factorAddedReplySchema,
  type PasskeyAttestation,
  recoveryCodesReplySchema,
  type SecondFactorProof,
  secondFactorStatusSchema,
  totpSetupReplySchema,
  webauthnOptionsReplySchema,
} from '@wallet/contract';
import { api } from '../../lib/api';
import { SECOND_FACTOR_QUERY_KEY } from '../../lib/query-keys';

/** Every change answers the new status (or carries it): the settings screen shows it at once. */
function useFactorMutation<A, R>(run: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSettled: () => queryClient.invalidateQueries({ queryKey: SECOND_FACTOR_QUERY_KEY }) });
}

export const startTotp = () => api.post('/api/v1/me/second-factor/totp', undefined, { schema: totpSetupReplySchema });

export const useConfirmTotp = () =>
  useFactorMutation((body: { code: string; secondFactor?: SecondFactorProof; memberProof?: EnrolProof }) =>
    api.post('/api/v1/me/second-factor/totp/confirm', body, { schema: factorAddedReplySchema }),
  );

export const useRemoveTotp = () =>
  useFactorMutation((secondFactor: SecondFactorProof) =>
    api.post('/api/v1/me/second-factor/totp/remove', { secondFactor }, { schema: secondFactorStatusSchema }),
  );

export const passkeyCreationOptions = () =>
  api.post('/api/v1/me/second-factor/passkeys/options', undefined, { schema: webauthnOptionsReplySchema });

export const useAddPasskey = () =>
  useFactorMutation((body: { label: string; response: PasskeyAttestation; secondFactor?: SecondFactorProof; memberProof?: EnrolProof }) =>
    api.post('/api/v1/me/second-factor/passkeys', body, { schema: factorAddedReplySchema }),
  );

export const useRemovePasskey = () =>
  useFactorMutation(({ id, secondFactor }: { id: string; secondFactor: SecondFactorProof }) =>
    api.post(`/api/v1/me/second-factor/passkeys/${encodeURIComponent(id)}/remove`, { secondFactor }, { schema: secondFactorStatusSchema }),
  );

export const useRegenerateRecoveryCodes = () =>
  useFactorMutation((secondFactor: SecondFactorProof) =>
    api.post('/api/v1/me/second-factor/recovery-codes', { secondFactor }, { schema: recoveryCodesReplySchema }),
  );

/** A passkey challenge for the second step of a sign-in. */
export const signInPasskeyOptions = (ticket: string) =>
  api.post('/api/v1/auth/login/passkey-options', { ticket }, { schema: webauthnOptionsReplySchema });

export const finishSignIn = (body: { ticket: string; secondFactor: SecondFactorProof }) =>
  api.post('/api/v1/auth/login/second-factor', body, { schema: cookieSessionReplySchema });
