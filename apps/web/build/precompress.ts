import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
/** Text files worth compressing; the pages are not here: the server writes the session into them. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|wasm)$/;
/** Smaller files gain less than the bytes of their headers. */
const MIN_BYTES = 1024;

/**
 * After the build, writes a Brotli (`.br`, best quality) and a gzip (`.gz`) twin of every built
 * text file, which the server sends in place of the file to a browser that accepts them.
 */
export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'sbc:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const outDir = join(config.root, config.build.outDir);
      const files = await readdir(outDir, { recursive: true });
      await Promise.all(
        files
          .filter((f) => COMPRESSIBLE.test(f))
          .map(async (f) => {
            const file = join(outDir, f);
            const data = await readFile(file);
            if (data.length < MIN_BYTES) return;
            const [br, gzipped] = await Promise.all([
              brotli(data, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
                },
              }),
              gz(data, { level: constants.Z_BEST_COMPRESSION }),
            ]);
            await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
          }),
      );
    },
  };
}
