// Renders each public page of the route table (src/app/route-table.json,
// 'indexed') to HTML at build time, so its text and headings are in the first
// response and paint before any script runs (decision 0015). The markup holds
// placeholders for the operator's site values; the server fills them in from
// the site file when it serves the page. Writes dist/prerendered/<name>.html.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const web = fileURLToPath(new URL('..', import.meta.url));
const { render } = await import(`${web}dist-ssr/entry-server.js`);
const routeTable = JSON.parse(await readFile(`${web}src/app/route-table.json`, 'utf8'));
const manifest = JSON.parse(await readFile(`${web}dist/.vite/manifest.json`, 'utf8'));
const template = await readFile(`${web}dist/index.html`, 'utf8');

const demonstrationNotice = /<p [^>]*data-testid="demonstration-notice"[^>]*>.*?<\/p>/s;

function unescapeHTML(text) {
  return text.replaceAll('&#x27;', "'").replaceAll('&quot;', '"').replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');
}

/** The file a public page is prerendered to: "/" is index, "/quote-start" quote-start. */
export function pageName(path) {
  return path === '/' ? 'index' : path.slice(1).replaceAll('/', '-');
}

/** The page's own chunks (its module and what that imports beyond the entry's), to load beside the entry. */
function pageChunks(module) {
  const entry = manifest[module];
  if (!entry) throw new Error(`route-table.json names ${module}, which is not a chunk of the build: is routes.tsx importing it?`);
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  visit(module);
  return [...seen].map((key) => `/${manifest[key].file}`);
}

await mkdir(`${web}dist/prerendered`, { recursive: true });
for (const route of routeTable.routes.filter((r) => r.indexed)) {
  let markup = await render(route.path);
  // The server writes the page's title into the head from the route table; the
  // one React renders in place would be a second <title> in the body.
  const titles = [...markup.matchAll(/<title>(.*?)<\/title>/gs)].map((m) => unescapeHTML(m[1]));
  if (titles.length !== 1 || titles[0] !== route.title) {
    throw new Error(`${route.path}: the page renders the title ${JSON.stringify(titles)}, route-table.json says ${JSON.stringify(route.title)}`);
  }
  markup = markup.replace(/<title>.*?<\/title>/s, '');
  if (!demonstrationNotice.test(markup)) throw new Error(`${route.path}: the footer's demonstration notice was not rendered`);
  // The server keeps the notice only when no site file is given.
  markup = markup.replace(demonstrationNotice, (notice) => `<!--qg:demonstration-->${notice}<!--/qg:demonstration-->`);
  const preloads = pageChunks(route.module)
    .filter((file) => !template.includes(`"${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="${file}">`)
    .join('');
  const html = template
    .replace('<div id="root"></div>', `<div id="root">${markup}</div>`)
    .replace('<!--/qg:head-->', `<!--/qg:head-->\n    ${preloads}`);
  if (html === template) throw new Error('dist/index.html has no <div id="root"></div> to fill');
  await writeFile(`${web}dist/prerendered/${pageName(route.path)}.html`, html);
  console.log(`prerendered ${route.path} (${markup.length} characters)`);
}
