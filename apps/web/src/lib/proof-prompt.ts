import { useCallback, useRef, useState } from 'react';

type Pending<P, A> = {
  asked: A;
  action: (proof: P) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  refusal: unknown;
};

/**
 * An action the server may refuse until the member proves it is them (their second factor, or for the
 * first factor their payment password or an emailed code). `run(action)` calls `action()`; when
 * `asks(refusal)` names what to ask, `asked` holds it for a sheet, and `submit(proof)` calls
 * `action(proof)`. A refusal `keepsOpen` accepts (a wrong proof) is thrown back to the sheet for
 * another try; any other ends `run` with it, and `cancel` ends it with the first refusal.
 */
export function useProofPrompt<P, A>(asks: (refusal: unknown) => A | undefined, keepsOpen: (error: unknown) => boolean) {
  const [pending, setPending] = useState<Pending<P, A> | null>(null);
  const pendingRef = useRef<Pending<P, A> | null>(null);
  const asksRef = useRef(asks);
  asksRef.current = asks;

  const run = useCallback(async <T>(action: (proof?: P) => Promise<T>): Promise<T> => {
    try {
      return await action();
    } catch (error) {
      const asked = asksRef.current(error);
      if (asked === undefined) throw error;
      return new Promise<T>((resolve, reject) => {
        const next: Pending<P, A> = { asked, action, resolve: resolve as (value: unknown) => void, reject, refusal: error };
        pendingRef.current = next;
        setPending(next);
      });
    }
  }, []);

  const close = () => {
    pendingRef.current = null;
    setPending(null);
  };

  const submit = async (proof: P) => {
    const current = pendingRef.current;
    if (!current) return;
    try {
      current.resolve(await current.action(proof));
      close();
    } catch (error) {
      if (keepsOpen(error)) throw error;
      current.reject(error);
      close();
    }
  };

  const cancel = () => {
    pendingRef.current?.reject(pendingRef.current.refusal);
    close();
  };

  return { run, asked: pending?.asked ?? null, submit, cancel };
}
