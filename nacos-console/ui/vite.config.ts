import { defineConfig, type Plugin } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const outDir = '../target/classes/console-ui';

/**
 * Writes NAME.gz beside each built file where gzip makes it smaller: the server sends it to a
 * browser that takes gzip. Compressing at every start instead cost the server ~40 ms of it.
 */
function gzipBeside(): Plugin {
  const filesUnder = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)]);
  return {
    name: 'nacosx-gzip-beside',
    apply: 'build',
    closeBundle() {
      for (const file of filesUnder(resolve(__dirname, outDir)).filter((name) => !name.endsWith('.gz'))) {
        const bytes = readFileSync(file);
        const gzipped = gzipSync(bytes, { level: 9 });
        if (gzipped.length < bytes.length) {
          writeFileSync(`${file}.gz`, gzipped);
        }
      }
    },
  };
}

// The bundle lands in Maven's output, as class-path resources the server serves at /nacos/.
export default defineConfig({
  base: '/nacos/',
  plugins: [react(), gzipBeside()],
  build: {
    outDir,
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
  },
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
