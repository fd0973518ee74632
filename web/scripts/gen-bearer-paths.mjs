// The paths whose operations openapi.json marks with the `bearer` security
// scheme, written to src/lib/bearer-paths.ts for lib/api-client's bearerToken
// middleware, so the list cannot drift from the server's document
// (`npm run gen:api`; `make check-generated` fails when it is stale).
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const docPath = join(here, '../../internal/httpapi/openapi.json');
const outPath = join(here, '../src/lib/bearer-paths.ts');
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

const doc = JSON.parse(readFileSync(docPath, 'utf8'));
const usesBearer = (op) => (op.security ?? doc.security ?? []).some((requirement) => 'bearer' in requirement);

const bearer = [];
for (const [path, item] of Object.entries(doc.paths)) {
  const ops = METHODS.filter((m) => item[m]).map((m) => [m, usesBearer(item[m])]);
  const signed = ops.filter(([, b]) => b);
  if (signed.length === 0) continue;
  // The middleware decides by path alone; a path with a public and a signed method needs it to look at the method too.
  if (signed.length !== ops.length) {
    console.error(`gen-bearer-paths: ${path} mixes bearer and public operations (${ops.map(([m, b]) => `${m}${b ? ' bearer' : ''}`).join(', ')})`);
    process.exit(1);
  }
  bearer.push(path);
}

const out = `// Generated from internal/httpapi/openapi.json by scripts/gen-bearer-paths.mjs
// (npm run gen:api). Do not edit: change the document's \`security\` and regenerate.
import type { paths } from './api-types';

/** The paths whose operations openapi.json marks with the \`bearer\` security scheme: the broker's area and the user sync. */
export const BEARER_PATHS: ReadonlySet<keyof paths> = new Set<keyof paths>([
${bearer.map((p) => `  '${p}',`).join('\n')}
]);
`;
writeFileSync(outPath, out);
