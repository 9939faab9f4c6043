import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import license, { type Dependency } from 'rollup-plugin-license';
import type { Plugin } from 'vite';

/** Where the build writes the licences of the bundled packages; the about page fetches it (same origin). */
export const LICENCES_FILE = 'licenses.json';

/** One bundled third-party package, as licenses.json lists it (the about page reads this shape). */
export type LicenceEntry = { name: string; version: string; license: string; licenseText: string };

function entry(dependency: Dependency): LicenceEntry {
  return {
    name: dependency.name ?? '',
    version: dependency.version ?? '',
    license: dependency.license ?? 'UNLICENSED',
    // Some packages ship a NOTICE beside the licence (Apache-2.0): it has to travel with it.
    licenseText: [dependency.licenseText, dependency.noticeText].filter(Boolean).join('\n\n').trim(),
  };
}

/**
 * The service worker is bundled by workbox-build, not by Vite, so the scan does not see it: these are
 * the Workbox packages a generateSW worker with a precache and a navigation route contains.
 */
const SERVICE_WORKER_PACKAGES = ['workbox-core', 'workbox-precaching', 'workbox-routing', 'workbox-strategies'];

function installedPackage(name: string): LicenceEntry {
  // Resolved as workbox-build (vite-plugin-pwa's) resolves them, so the versions are the ones it bundles.
  const from = createRequire(createRequire(import.meta.url).resolve('vite-plugin-pwa'));
  const manifestPath = from.resolve(`${name}/package.json`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { version: string; license?: string };
  let licenseText = '';
  try {
    licenseText = readFileSync(path.join(path.dirname(manifestPath), 'LICENSE'), 'utf8').trim();
  } catch {
    // Named in package.json without a licence file: the list shows the name alone.
  }
  return { name, version: manifest.version, license: manifest.license ?? 'UNLICENSED', licenseText };
}

/**
 * The licences of the open-source packages in the bundle, generated at build time rather than written
 * by hand: rollup-plugin-license lists the packages whose code ended up in a chunk (it reads each
 * chunk's modules, which Vite 8's Rolldown reports as Rollup did), and the list is emitted into the
 * build as licenses.json. Our own workspace packages are private and left out.
 */
export function licencesPlugin(): Plugin[] {
  let found: LicenceEntry[] = [];
  const scanner = license({
    thirdParty: {
      includePrivate: false,
      multipleVersions: true,
      output: (dependencies) => {
        found = [...dependencies.map(entry), ...SERVICE_WORKER_PACKAGES.map(installedPackage)].sort(
          (a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version),
        );
      },
    },
  }) as unknown as Plugin;
  return [
    { ...scanner, name: 'licences-scan', apply: 'build' },
    {
      name: 'licences-emit',
      apply: 'build',
      // After the scan's own generateBundle, which hands over the dependencies.
      generateBundle: {
        order: 'post',
        handler() {
          if (found.length === 0) this.error('no third-party packages found in the bundle: the licence scan did not run');
          this.emitFile({ type: 'asset', fileName: LICENCES_FILE, source: `${JSON.stringify(found, null, 1)}\n` });
        },
      },
    },
  ];
}
