import { useSearchParams } from 'react-router';

/** Card screens name their card in the query (?id=...): the spec's routes carry no parameters of their own. */
export function useCardId(): string | null {
  const [params] = useSearchParams();
  const id = params.get('id');
  return id && /^[0-9a-f-]{36}$/.test(id) ? id : null;
}
