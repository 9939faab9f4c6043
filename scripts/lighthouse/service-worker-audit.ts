import { type Artifacts, Audit } from 'lighthouse';

/**
 * Lighthouse 11 dropped its service worker audit (Chrome no longer requires a worker to install an
 * app), but an installable app that opens offline needs one: this puts it back. It passes when an
 * installed (or activated) worker of the page's origin has a scope that covers both the page and the
 * manifest's start_url, as Lighthouse 9's `service-worker` audit checked.
 */
export default class ServiceWorkerAudit extends Audit {
  static override get meta() {
    return {
      id: 'service-worker',
      title: 'Registers a service worker that controls the page and start_url',
      failureTitle: 'Does not register a service worker that controls the page and start_url',
      description: 'The service worker lets the installed app open without a network and find updates.',
      requiredArtifacts: ['URL', 'ServiceWorker', 'WebAppManifest'] as Array<keyof Artifacts>,
    };
  }

  static override audit(artifacts: Artifacts) {
    const page = new URL(artifacts.URL.finalDisplayedUrl);
    const { versions, registrations } = artifacts.ServiceWorker;
    // Installed is enough: with no worker before it, an installed worker activates at once (the audit
    // may look while a large precache is still being stored, before the state says activated).
    const ready = versions.filter(
      (v) => ['installed', 'activating', 'activated'].includes(v.status) && new URL(v.scriptURL).origin === page.origin,
    );
    const scopes = registrations
      .filter((r) => !r.isDeleted && ready.some((v) => v.registrationId === r.registrationId) && page.href.startsWith(r.scopeURL))
      .map((r) => r.scopeURL)
      .sort((a, b) => b.length - a.length);
    const scope = scopes[0];
    if (!scope) {
      const states = versions.map((v) => `${v.scriptURL} ${v.status}`).join(', ') || 'none';
      return { score: 0, explanation: `No installed service worker's scope covers ${page.href} (workers: ${states})` };
    }
    const startUrl = artifacts.WebAppManifest?.value?.start_url.value;
    if (!startUrl) return { score: 0, explanation: 'The manifest has no start_url' };
    if (!startUrl.startsWith(scope)) return { score: 0, explanation: `start_url ${startUrl} is outside the worker's scope ${scope}` };
    return { score: 1, displayValue: `scope ${scope}` };
  }
}
