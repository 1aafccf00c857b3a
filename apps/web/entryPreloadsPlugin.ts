import { resolve } from 'node:path';
import type { Plugin, Rollup } from 'vite';
import { ENTRY_PRELOADS } from './src/app/entryPreloads.ts';

/** Written beside index.html; the API reads it to name each entry page's first requests in the HTML it sends. */
export const ENTRY_PRELOADS_FILE = 'entry-preloads.json';

/** One entry page's needs, as built: what the API puts in <link rel="modulepreload|preload"> tags. */
export interface BuiltEntryPreload {
  path: string;
  scripts: string[];
  styles: string[];
  fetches: string[];
}

/**
 * Resolves each route of ENTRY_PRELOADS to its built chunk, the chunks that chunk imports statically and
 * their CSS, leaving out what index.html already loads.
 */
export function entryPreloads(): Plugin {
  let root = '';
  let base = '/';
  let ssr = false;
  return {
    name: 'elmwood-entry-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
      ssr = Boolean(config.build.ssr);
    },
    // After Vite's own generateBundle work, which drops the chunks that held only CSS: a page must not name those.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        if (ssr) return;
        const chunks = Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const withImports = (chunk: Rollup.OutputChunk): Rollup.OutputChunk[] => {
          const seen = new Map<string, Rollup.OutputChunk>();
          const visit = (current: Rollup.OutputChunk) => {
            if (seen.has(current.fileName)) return;
            seen.set(current.fileName, current);
            for (const file of current.imports) {
              const imported = byFile.get(file);
              if (imported) visit(imported);
            }
          };
          visit(chunk);
          return [...seen.values()];
        };
        const filesOf = (list: Rollup.OutputChunk[]) => ({
          scripts: list.map((chunk) => chunk.fileName),
          styles: list.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]),
        });

        const entry = chunks.find((chunk) => chunk.isEntry);
        if (!entry) return this.error('entry preloads: the build has no entry chunk');
        const loaded = filesOf(withImports(entry));
        const alreadyLoaded = new Set([...loaded.scripts, ...loaded.styles]);
        const url = (file: string) => `${base}${file}`;

        // Not always the chunk's facade: a route module that another route imports too may share its chunk.
        const chunkOf = (module: string) => chunks.find((candidate) => candidate.moduleIds.includes(resolve(root, module)));
        const pages: BuiltEntryPreload[] = ENTRY_PRELOADS.map(({ path, module, fetches, shows = [] }) => {
          const chunk = chunkOf(module);
          if (!chunk) return this.error(`entry preloads: ${module} (for ${path}) is in no chunk`);
          const needs = filesOf(withImports(chunk));
          const lazyParts = shows.map((part) => chunkOf(part) ?? this.error(`entry preloads: ${part} (shown on ${path}) is in no chunk`));
          const shown = filesOf([chunk, ...lazyParts].flatMap(withImports));
          return {
            path,
            scripts: [...new Set(needs.scripts)].filter((file) => !alreadyLoaded.has(file)).map(url),
            styles: [...new Set(shown.styles)].filter((file) => !alreadyLoaded.has(file)).map(url),
            fetches,
          };
        });
        this.emitFile({ type: 'asset', fileName: ENTRY_PRELOADS_FILE, source: `${JSON.stringify(pages, null, 2)}\n` });
      },
    },
  };
}
