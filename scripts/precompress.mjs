// Writes .br and .gz beside every text asset of a built folder, so the server sends compressed bytes
// without compressing on each request (@fastify/static preCompressed). Run after `vite build`.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = process.argv[2];
if (!root) throw new Error('usage: node scripts/precompress.mjs <dist-folder>');

const TEXT = /\.(js|css|html|svg|json|txt|map)$/;
let before = 0;
let afterBr = 0;

/** @param {string} dir */
function walk(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) walk(file);
    else if (TEXT.test(name) && !name.endsWith('.map')) {
      const data = readFileSync(file);
      const br = brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
      writeFileSync(`${file}.br`, br);
      writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      before += data.length;
      afterBr += br.length;
    }
  }
}

walk(root);
console.log(`precompressed ${root}: ${(before / 1024).toFixed(1)} KB → ${(afterBr / 1024).toFixed(1)} KB brotli`);
