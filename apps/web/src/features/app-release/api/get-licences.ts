import { queryOptions, useQuery } from '@tanstack/react-query';

/** One bundled open-source package, as the build writes it (apps/web/build/licences.ts). */
export type Licence = { name: string; version: string; license: string; licenseText: string };

function isLicence(value: unknown): value is Licence {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return ['name', 'version', 'license', 'licenseText'].every((key) => typeof entry[key] === 'string');
}

/**
 * The licences of the open-source packages in this build, generated at build time into the build
 * itself (licenses.json beside index.html): fetched from where the app was loaded, whichever API
 * server the person chose, and precached by the service worker.
 */
export async function getLicences({ signal }: { signal?: AbortSignal } = {}): Promise<Licence[]> {
  const res = await fetch(new URL('licenses.json', document.baseURI), { signal });
  if (!res.ok) throw new Error(`licenses.json: HTTP ${res.status}`);
  const list: unknown = await res.json();
  if (!Array.isArray(list) || !list.every(isLicence)) throw new Error('licenses.json is not a list of licences');
  return list;
}

export const licencesQueryOptions = () =>
  queryOptions({
    queryKey: ['app-release', 'licences'],
    queryFn: ({ signal }) => getLicences({ signal }),
    // Fixed for the life of this build.
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useLicences() {
  return useQuery(licencesQueryOptions());
}
