import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/**
 * Compiles the server for `npm start`: plain JavaScript that Node runs without a TypeScript loader.
 * The workspace packages (@wallet/*) are TypeScript sources, so they are bundled in; everything from
 * npm stays an import of node_modules, loaded as published (native modules, files read at run time).
 * The local chain, PDF making and tronweb are imported only when used: splitting keeps each in a
 * chunk of its own. Chunk names carry their content's hash and earlier ones are not deleted, so a
 * server still running from an earlier build finds the chunks it loads late.
 */
const here = fileURLToPath(new URL('.', import.meta.url));
const outdir = `${here}dist`;

/** Bare imports other than the workspace's own packages resolve from node_modules at run time. */
const npmPackagesExternal = {
  name: 'npm-packages-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@wallet/') || args.path.startsWith('node:') ? undefined : { path: args.path, external: true },
    );
  },
};

const started = performance.now();
await build({
  entryPoints: { main: `${here}src/main.ts` },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [npmPackagesExternal],
});
console.info(`server compiled to ${outdir} in ${Math.round(performance.now() - started)} ms`);
