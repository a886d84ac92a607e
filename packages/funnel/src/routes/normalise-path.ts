/** A path as the route tables know it: lower case, without a trailing slash ("/" stays "/"). */
export function normalisePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed.toLowerCase();
}
