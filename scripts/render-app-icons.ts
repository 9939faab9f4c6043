import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

/**
 * Renders the PNG icons of the installable app from the brand mark (apps/web/public/icon.svg, the
 * same drawing as src/components/logo.tsx) with Debian's Chromium. The PNGs are committed; run this
 * again after the mark changes: `node --import tsx scripts/render-app-icons.ts`.
 *
 * - icon-192.png, icon-512.png: the mark as drawn, rounded corners on a transparent ground ("any").
 * - icon-maskable-512.png: full bleed navy with the mark inside the central 80% safe zone, so a
 *   launcher's circle or squircle mask never cuts into it ("maskable").
 * - apple-touch-icon.png (180): full bleed and opaque, as iOS draws its own corners and fills
 *   transparency with black.
 */
const PUBLIC_DIR = fileURLToPath(new URL('../apps/web/public/', import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const NAVY = '#0a1f3c';

type Icon = {
  file: string;
  size: number;
  /** Share of the edge the mark takes, centred. */
  scale: number;
  background: string | null;
};

const ICONS: Icon[] = [
  { file: 'icon-192.png', size: 192, scale: 1, background: null },
  { file: 'icon-512.png', size: 512, scale: 1, background: null },
  { file: 'icon-maskable-512.png', size: 512, scale: 0.72, background: NAVY },
  { file: 'apple-touch-icon.png', size: 180, scale: 0.86, background: NAVY },
];

async function main() {
  const svg = await readFile(path.join(PUBLIC_DIR, 'icon.svg'), 'utf8');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    for (const icon of ICONS) {
      const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size }, deviceScaleFactor: 1 });
      const edge = Math.round(icon.size * icon.scale);
      await page.setContent(
        `<!doctype html><html><body style="margin:0;width:${icon.size}px;height:${icon.size}px;display:grid;place-items:center;background:${icon.background ?? 'transparent'}">
          <div style="width:${edge}px;height:${edge}px">${svg.replace('<svg ', `<svg width="${edge}" height="${edge}" `)}</div>
        </body></html>`,
      );
      await page.screenshot({ path: path.join(PUBLIC_DIR, icon.file), omitBackground: icon.background === null });
      await page.close();
      console.info(`${icon.file}: ${icon.size}x${icon.size}`);
    }
  } finally {
    await browser.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
