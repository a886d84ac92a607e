/** Which page a path shows, and its HTTP status: the same answer on the server and in the browser. */
import { normalisePath, resolveRoute, THANK_YOU_PATHS, type FunnelRoute } from '@app/funnel';

export type PagePlan =
  | { page: 'survey'; route: FunnelRoute; status: 200 }
  | { page: 'thank-you'; status: 200 }
  | { page: 'not-found'; status: 404 };

export function planPage(pathname: string): PagePlan {
  const route = resolveRoute(pathname);
  if (route) return { page: 'survey', route, status: 200 };
  if (THANK_YOU_PATHS.includes(normalisePath(pathname))) return { page: 'thank-you', status: 200 };
  return { page: 'not-found', status: 404 };
}
