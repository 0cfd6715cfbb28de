import { Worker, type ResourceLimits } from 'node:worker_threads';

/** Set to true by the production build (build.mjs); undefined under tsx (development, tests). */
declare const MERIDIAN_BUNDLED: boolean | undefined;

/**
 * Starts a worker thread on one of the server's modules. Under tsx (development, tests) that is the
 * module's TypeScript source, loaded through tsx's loader registered inside the thread; in production
 * it is the module's own bundle beside dist/main.js (build.mjs names it `bundleName`). Its heap has
 * its own limits: work whose garbage would swell the server's heap runs there, and gives its memory
 * back when the thread ends.
 */
export function startWorker(source: URL, bundleName: string, opts: { workerData: unknown; resourceLimits: ResourceLimits }): Worker {
  if (typeof MERIDIAN_BUNDLED !== 'undefined' && MERIDIAN_BUNDLED) {
    return new Worker(new URL(`../../../dist/${bundleName}`, import.meta.url), opts);
  }
  const code = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(source.href)}); })`;
  return new Worker(code, { ...opts, eval: true });
}
