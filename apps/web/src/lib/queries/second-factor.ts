import { useQuery } from '@tanstack/react-query';
import { secondFactorStatusSchema, webauthnOptionsReplySchema } from '@wallet/contract';
import { api } from '../api';
import { SECOND_FACTOR_QUERY_KEY } from '../query-keys';
import { useSignedIn } from '../session';

/** The member's second factors: the settings screen lists them, a guarded action's sheet and the app lock offer them. */
export function useSecondFactorStatus() {
  const signedIn = useSignedIn();
  return useQuery({
    queryKey: SECOND_FACTOR_QUERY_KEY,
    queryFn: ({ signal }) => api.get('/api/v1/me/second-factor', { signal, schema: secondFactorStatusSchema }),
    enabled: signedIn,
  });
}

/** A passkey challenge for a guarded action of the signed-in member. */
export const stepUpPasskeyOptions = () =>
  api.post('/api/v1/me/second-factor/passkey-challenge', undefined, { schema: webauthnOptionsReplySchema });
