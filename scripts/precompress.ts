// After `react-router build`: writes .br and .gz beside every compressible client file, at the best
// quality, so the server sends them without compressing per request.
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|xml|map)$/;
const root = path.resolve(import.meta.dirname, "../build/client");

async function* files(directory: string): AsyncGenerator<string> {
  for (const entry of await readdir(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

let count = 0;
for await (const file of files(root)) {
  if ((await stat(file)).size < 1024) continue;
  const raw = await readFile(file);
  await writeFile(`${file}.br`, await brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  await writeFile(`${file}.gz`, await gzip(raw, { level: 9 }));
  count++;
}
console.log(`precompressed ${count} client files (br, gz)`);
