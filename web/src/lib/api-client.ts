// The web app's one HTTP client: openapi-fetch over the types generated from
// internal/httpapi/openapi.json (api-types.ts, `make generate`), so a path, a body
// or an answer that drifts from the server's document breaks the build, not the
// visitor. Two middlewares do what every call needs: the broker's bearer token on
// the operations the document marks `bearer` (bearer-paths.ts, generated from the
// document by `npm run gen:api`), and every refusal turned into an ApiError
// carrying the server's own words (docs/decisions/0018-generated-web-client.md).
// The client and the refusals live in lib/api-fetch, which lib/auth uses to mint the
// token; this file adds the token, so neither imports the other (decision 0031).
// Features keep their fetchers, query options and hooks in their own api/ folder.
import type { Middleware } from 'openapi-fetch';
import { ApiError, api, NO_AUTHENTICATED_USER, signedByClient } from './api-fetch';
import type { paths } from './api-types';
import { getAccessToken, signInEnded } from './auth';
import { BEARER_PATHS } from './bearer-paths';

export * from './api-fetch';

const needsBearer = (schemaPath: string) => BEARER_PATHS.has(schemaPath as keyof paths);

/**
 * The signed-in broker's token (lib/auth holds and refreshes it) on every bearer
 * operation. Without a sign-in the call fails before reaching the server, and a 401
 * tells whoever guards the page that the sign-in is gone.
 */
export const bearerToken: Middleware = {
  async onRequest({ request, schemaPath }) {
    if (!needsBearer(schemaPath) || request.headers.has('Authorization')) return undefined;
    const token = await getAccessToken();
    if (!token) {
      signInEnded();
      throw new ApiError(401, NO_AUTHENTICATED_USER);
    }
    request.headers.set('Authorization', `Bearer ${token}`);
    signedByClient.add(request);
    return request;
  },
  async onResponse({ request, response }) {
    if (response.status === 401 && signedByClient.has(request)) signInEnded();
    return undefined;
  },
};

// openapi-fetch runs onResponse in reverse order: bearerToken sees a 401 before refusalsThrown (api-fetch) throws it.
api.use(bearerToken);
