import { execFileSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface EdgeCertificate {
  /** PEM. */
  key: string;
  cert: string;
  /**
   * The base64 SHA-256 of the certificate's public key, for Chromium's
   * --ignore-certificate-errors-spki-list: the browser trusts this one key and no other.
   */
  spki: string;
}

/**
 * A certificate for https://127.0.0.1 that lives for one run, made by Debian's openssl (P-256, a day):
 * nothing is added to the machine's trust store.
 */
export async function edgeCertificate(): Promise<EdgeCertificate> {
  const dir = await mkdtemp(path.join(tmpdir(), 'lighthouse-edge-'));
  try {
    const keyFile = path.join(dir, 'key.pem');
    const certFile = path.join(dir, 'cert.pem');
    try {
      execFileSync(
        'openssl',
        ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1'].concat([
          '-subj',
          '/CN=127.0.0.1',
          '-addext',
          'subjectAltName=IP:127.0.0.1',
          '-keyout',
          keyFile,
          '-out',
          certFile,
        ]),
        { stdio: ['ignore', 'ignore', 'pipe'] },
      );
    } catch (error) {
      throw new Error(`openssl could not make the edge's certificate (apt-get install openssl): ${(error as Error).message}`);
    }
    const [key, cert] = await Promise.all([readFile(keyFile, 'utf8'), readFile(certFile, 'utf8')]);
    const publicKey = new X509Certificate(cert).publicKey.export({ type: 'spki', format: 'der' });
    return { key, cert, spki: createHash('sha256').update(publicKey).digest('base64') };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
