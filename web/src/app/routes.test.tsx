import { type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import routeTable from './route-table.json';
import { routes } from './routes';

// Every absolute path pattern the router answers, the not-found catch-all aside.
function flatten(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    if (route.index) return [parent || '/'];
    const joined = route.path === undefined ? parent : `${parent.replace(/\/$/, '')}/${route.path}`.replace(/^\/\//, '/');
    const own = route.path === undefined || route.path === '*' ? [] : [joined];
    return [...own, ...flatten(route.children ?? [], joined)];
  });
}

describe('the route table the server shares', () => {
  it('lists exactly the paths the browser router answers', () => {
    const routerPaths = [...new Set(flatten(routes))].sort();
    const tablePaths = routeTable.routes.map((route) => route.path).sort();
    expect(routerPaths).toEqual(tablePaths);
  });

  it('keeps a catch-all that shows the not-found page for the 404s the server sends', () => {
    const root = routes.find((route) => route.path === '/');
    expect(root?.children?.some((route) => route.path === '*')).toBe(true);
  });
});
