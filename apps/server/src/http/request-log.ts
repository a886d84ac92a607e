/**
 * What a request log line says about the request (issue 9, no personal data in logs): method and path,
 * never the query string (the thank-you URL carries the visitor's email and phone, §7) nor the body,
 * nor the address (the limits count addresses, the logs need not keep them).
 */
export function pathOnly(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

export const requestLogSerializers = {
  req: (request: { method: string; url: string }) => ({ method: request.method, url: pathOnly(request.url) }),
};
