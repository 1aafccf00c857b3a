/** Keeps every npm package external (PGlite, for one, loads its WebAssembly from beside its own files) and bundles our workspace packages in. */
export const externalNpmPackages = {
  name: 'external-npm-packages',
  setup(buildApi) {
    buildApi.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@elmwood/') ? undefined : { path: args.path, external: true },
    );
  },
};
