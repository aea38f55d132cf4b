import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build, at the highest levels:
 * the API serves the one the browser accepts as it is, so no request pays for compression.
 */
export function precompress(): Plugin {
  const text = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
  let outDir = '';
  return {
    name: 'liftoff-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = await readdir(outDir, { recursive: true });
      for (const name of files.filter((file) => text.test(file))) {
        const file = path.join(outDir, name);
        const body = await readFile(file);
        const br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
        const gz = gzipSync(body, { level: 9 });
        // A copy no smaller than the file is left out; the file itself is served then.
        if (br.length < body.length) await writeFile(`${file}.br`, br);
        if (gz.length < body.length) await writeFile(`${file}.gz`, gz);
      }
    },
  };
}
