// The script budget (decision 0015): every public page may load at most
// 100,000 bytes of compressed script before it can paint, counted in exact
// bytes of the brotli copies the server sends every browser that takes brotli
// (all current ones; gzip figures are printed beside them). A page loads the entry chunk and its imports, and its own
// module (route-table.json 'module') with its imports: the chunks the
// prerendered HTML names. The build fails when a page is over.
import { readFile, stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

export const BUDGET_BYTES = 100_000;

// `node scripts/check-budget.mjs --chunks` also lists each page's chunks with
// their brotli bytes (the findings in docs/performance.md).
const listChunks = process.argv.includes('--chunks');

const web = fileURLToPath(new URL('..', import.meta.url));
const manifest = JSON.parse(await readFile(`${web}dist/.vite/manifest.json`, 'utf8'));
const routeTable = JSON.parse(await readFile(`${web}src/app/route-table.json`, 'utf8'));

/** Every chunk a module loads up front: itself and its static imports, transitively. */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  if (!manifest[key]) throw new Error(`${key} is not a chunk of the build`);
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) closure(imported, seen);
  return seen;
}

const size = async (file) => (await stat(`${web}dist/${file}`)).size;
// The compression plugin skips files too small to gain: the server sends those as they are.
const sizeOr = async (file, original) => size(file).catch(() => size(original));

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
let over = false;
console.log(`script before first paint, compressed bytes (budget ${BUDGET_BYTES.toLocaleString('en-US')} brotli):`);
for (const route of routeTable.routes.filter((r) => r.indexed)) {
  const chunks = closure(route.module, closure(entry));
  let gzip = 0;
  let brotli = 0;
  let raw = 0;
  const listed = [];
  for (const key of chunks) {
    const file = manifest[key].file;
    const chunkBrotli = await sizeOr(`${file}.br`, file);
    raw += await size(file);
    gzip += await sizeOr(`${file}.gz`, file);
    brotli += chunkBrotli;
    listed.push(`      ${String(chunkBrotli).padStart(7)}  ${file}  (${key})`);
  }
  if (brotli > BUDGET_BYTES) over = true;
  console.log(
    `  ${route.path.padEnd(20)} gzip ${String(gzip).padStart(7)}  brotli ${String(brotli).padStart(7)}  uncompressed ${String(raw).padStart(7)}  ${chunks.size} chunks  ${brotli > BUDGET_BYTES ? 'OVER BUDGET' : 'ok'}`,
  );
  if (listChunks) console.log(listed.join('\n'));
}
if (over) {
  console.error(`A public page loads more than ${BUDGET_BYTES} bytes of brotli-compressed script before its first paint (decisions 0015, 0026).`);
  process.exit(1);
}
