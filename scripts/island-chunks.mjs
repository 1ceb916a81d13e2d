// How the browser build cuts its JavaScript into files (astro.config.mjs). Every page loads the site
// script (src/layouts/site.ts with its imports); a React page two more: React with every module two
// or more islands share statically, and the island itself. Left to itself the bundler gives each
// set of sharers a file of its own, and a React page would fetch a dozen small ones.

/** React and its JSX runtime, which only islands load. */
const REACT = /node_modules[\\/](react|react-dom|scheduler)[\\/]/;
/** The store library of the session and every island: kept whole in the site script (below). */
const NANOSTORES = /node_modules[\\/]nanostores[\\/]/;

/**
 * The codeSplitting option and the plugin that reads the module graph for it, complete at the client
 * build's buildEnd, before its chunks are made. A module the site script imports stays in it (else
 * every page would load React's file); what an island loads lazily (a dialog, the markdown
 * renderer) is not shared ahead of need.
 */
export function islandChunking() {
  /** Modules the entry scripts import statically. @type {Set<string>} */
  let loadedBySite = new Set();
  /**
   * For each module, the islands (lazy imports of the site script) that import it statically.
   * @type {Map<string, Set<string>>}
   */
  let islandsImporting = new Map();

  /** The files of the entry scripts (the site script), known once their chunks are rendered. @type {Set<string>} */
  let entryFiles = new Set();

  /** @param {string} id */
  const islandsShare = (id) => (islandsImporting.get(id)?.size ?? 0) >= 2 && !loadedBySite.has(id);

  /**
   * What a lazily imported chunk has the browser preload with it: its imports, less the site script.
   * The page's loader imported that before anything it loads lazily, but not through a <link>, so
   * Vite's preloader would ask for it again (Firefox reports that link as a failed load).
   * @param {string} _file @param {string[]} deps
   */
  const resolveDependencies = (_file, deps) => deps.filter((dep) => !entryFiles.has(dep));

  return {
    /** @type {import('rolldown').CodeSplittingOptions} */
    codeSplitting: {
      groups: [
        {
          name: 'react',
          test: (id) => REACT.test(id) || islandsShare(id),
          // A shared island module's own imports stay where they are: one the site script loads
          // (the session store, say) must not leave it for React's file.
          includeDependenciesRecursively: false,
        },
      ],
    },

    /** @type {import('vite').Plugin} */
    plugin: {
      name: 'site:island-chunks',
      apply: 'build',
      applyToEnvironment: (environment) => environment.name === 'client',
      // includeDependenciesRecursively off needs entries whose signatures may grow; Astro's client
      // build keeps them exact, though its entry scripts export nothing.
      configEnvironment: (name) =>
        name === 'client'
          ? {
              build: {
                rolldownOptions: { preserveEntrySignatures: 'allow-extension' },
                modulePreload: { resolveDependencies },
              },
            }
          : undefined,
      // nanostores travels whole in the site script (1.5 KB gzip): it is one barrel of small
      // modules, and tree-shaking would leave the few the site script does not use as files of
      // their own that every island fetches.
      transform: (code, id) => (NANOSTORES.test(id) ? { code, moduleSideEffects: 'no-treeshake' } : null),
      buildStart() {
        loadedBySite = new Set();
        islandsImporting = new Map();
        entryFiles = new Set();
      },
      // First, with the files' final names: Vite's preloader asks resolveDependencies in its own.
      generateBundle: {
        order: 'pre',
        handler(_options, bundle) {
          for (const file of Object.values(bundle))
            if (file.type === 'chunk' && file.isEntry) entryFiles.add(file.fileName);
        },
      },
      buildEnd() {
        /** The modules `root` imports statically, itself included. */
        const staticClosure = (/** @type {string} */ root) => {
          /** @type {Set<string>} */
          const found = new Set();
          const visit = (/** @type {string} */ id) => {
            if (found.has(id)) return;
            found.add(id);
            for (const imported of this.getModuleInfo(id)?.importedIds ?? []) visit(imported);
          };
          visit(root);
          return found;
        };
        const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
        loadedBySite = new Set(entries.flatMap((id) => [...staticClosure(id)]));
        const islands = new Set(
          [...loadedBySite].flatMap((id) => this.getModuleInfo(id)?.dynamicallyImportedIds ?? []),
        );
        for (const island of islands)
          for (const id of staticClosure(island))
            islandsImporting.set(id, (islandsImporting.get(id) ?? new Set()).add(island));
      },
    },
  };
}
