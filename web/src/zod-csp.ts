// zod compiles fast object parsers with `new Function` unless told not to; the
// server's CSP (script-src 'self') refuses that, and the browser reports the
// refused attempt as a security issue on every page with a form. jitless must
// be set before any schema is built, so main.tsx imports this module first.
// It writes the global z.config() keeps its settings in rather than import zod,
// which pages without a form do not load (zod-csp.test.ts checks zod reads it).
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
(holder.__zod_globalConfig ??= {}).jitless = true;
