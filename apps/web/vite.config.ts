import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes a .br and a .gz beside every text file of the build, compressed once at the highest levels
 * (the server sends them as they are to browsers that accept them: no compression work per request).
 * A sibling that is not smaller than the file is not written.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'meridian-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const files = fs.readdirSync(outDir, { recursive: true, encoding: 'utf8' }).filter((f) => /\.(js|css|html|svg|json|txt)$/.test(f));
      await Promise.all(
        files.map(async (f) => {
          const file = path.join(outDir, f);
          const data = fs.readFileSync(file);
          if (data.length < 512) return;
          const [br, gz] = await Promise.all([
            brotli(data, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
              },
            }),
            gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < data.length) fs.writeFileSync(`${file}.br`, br);
          if (gz.length < data.length) fs.writeFileSync(`${file}.gz`, gz);
        }),
      );
    },
  };
}

/**
 * Puts the entry's stylesheet (the loader's and the login page's plain CSS, a few KB) into index.html:
 * the first paint waits for no request but the page itself, not for a stylesheet queued behind the
 * scripts. The file stays in the build; nothing else links it.
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'meridian-inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        return html.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (link, file: string) => {
          const asset = ctx.bundle?.[file];
          if (asset?.type !== 'asset') return link;
          return `<style>${String(asset.source).trim()}</style>`;
        });
      },
    },
  };
}

const MUI_RE =
  /node_modules[\\/](@mui|@emotion|@popperjs|react-transition-group|stylis|@babel[\\/]runtime|prop-types|react-is|clsx|hoist-non-react-statics)[\\/]/;
// The colour arithmetic the login page shares with the theme (app/brand-colors.ts) has a chunk of its
// own: a group's chunk is loaded whole, and MUI's would come along with it.
const COLOUR_MATHS = /[\\/](colorManipulator|clamp|formatMuiErrorMessage)[\\/]/;

// The server serves apps/web/dist in production; in development Vite proxies /api to it.
// Paths are relative to apps/web (npm runs workspace scripts there).
// Chunking, caching and compression: docs/decisions/023-web-chunks-caching-and-compression.md.
export default defineConfig({
  plugins: [react(), inlineEntryCss(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No source maps in the build the server serves (they would publish the sources); VITE_SOURCEMAP=1
    // writes them for a local look at a production bundle.
    sourcemap: process.env.VITE_SOURCEMAP === '1',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What every page runs first: React and the router, the query cache, the schemas and the
            // snackbar provider. They change less often than the app, so these chunks stay cached
            // across releases.
            { name: 'colour', test: COLOUR_MATHS, priority: 4 },
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 3 },
            { name: 'vendor', test: /node_modules[\\/](@tanstack|zod|notistack|goober)[\\/]/, priority: 2 },
            // The login page is drawn without MUI and without a form library: both come with the first
            // page drawn with MUI. The parts of MUI most pages use (theme, styling engine, buttons,
            // inputs) in one chunk; the rest (tables, dialogs, date fields) split by the pages using it.
            { name: 'forms', test: /node_modules[\\/](react-hook-form|@hookform)[\\/]/, priority: 2 },
            // The app's own code the first page needs, in one file rather than a handful of small shared ones.
            { name: 'app', test: /(apps[\\/]web[\\/]src|packages[\\/]domain[\\/]src)[\\/]/, tags: ['$initial'], priority: 2 },
            { name: 'mui', test: MUI_RE, minShareCount: 6, priority: 1 },
            { name: 'mui-pages', test: MUI_RE, entriesAware: true, entriesAwareMergeThreshold: 24 * 1024 },
            // The app's own frame code that two or more lazy chunks share (the MUI theme frame, the shells'
            // frame and guards, the list table and page parts): one file rather than twenty small ones, so
            // a signed-in first page is not a queue of tiny requests. Form helpers stay with the forms.
            { name: 'shell', test: /apps[\\/]web[\\/]src[\\/](app|ui|shells)[\\/](?!form[\\/])/, minShareCount: 2 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000' } },
  },
});
