// The vendored runtime, for the type checker: scripts/build_site.py copies it from node_modules into
// dist/vendor/, so web/ has no file there to check against. Only what web/js uses is declared.
// Build-time only (the build leaves *.d.ts out of dist/).

declare module "*/vendor/pyscript/core.js" {
  /** A PyScript worker: `sync` holds the functions the worker's Python exports. */
  export interface PyWorkerHandle {
    sync: Record<string, (...args: unknown[]) => Promise<string>>;
  }
  /** Start a Python worker running `url` (an async function, not a constructor). */
  export function PyWorker(
    url: string,
    options: { type: "pyodide"; version: string; config: Record<string, unknown> },
  ): Promise<PyWorkerHandle>;
}

declare module "*/vendor/pyodide/pyodide.mjs" {
  /** Pyodide's version, which PyScript reads from the module it is given as Pyodide. */
  export const version: string;
  /** Start Pyodide (its options as Pyodide documents them, the snapshot ones included). */
  export function loadPyodide(options: Record<string, unknown>): Promise<any>;
}
