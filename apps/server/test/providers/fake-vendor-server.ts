/**
 * A real HTTP server on 127.0.0.1 and a free port, answering like a vendor: each test gives it a handler
 * that reads the request (method, path, query, headers, body) and answers with a status and JSON or text,
 * answers late, never answers (a timeout), or drops the connection (a network error). Every request is
 * recorded.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  pathname: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
}

export type FakeAnswer =
  | { status: number; json: unknown }
  | { status: number; text: string; contentType?: string }
  /** Never answer: the client's timeout fires. */
  | { hang: true }
  /** Close the socket without an answer: the client sees a network error. */
  | { drop: true }
  /** Answer, but only after this long (a vendor slower than the client's deadline). */
  | { afterMs: number; then: FakeAnswer };

export interface FakeVendorServer {
  baseUrl: string;
  requests: FakeRequest[];
  close(): Promise<void>;
}

export async function startFakeVendorServer(handler: (request: FakeRequest) => FakeAnswer): Promise<FakeVendorServer> {
  const requests: FakeRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const request: FakeRequest = {
        method: req.method ?? 'GET',
        pathname: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(request);
      send(handler(request));
    });
    const send = (answer: FakeAnswer): void => {
      if ('afterMs' in answer) {
        setTimeout(() => send(answer.then), answer.afterMs);
        return;
      }
      if ('hang' in answer) return;
      if ('drop' in answer) {
        req.socket.destroy();
        return;
      }
      if ('json' in answer) {
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.json));
      } else {
        res.writeHead(answer.status, { 'content-type': answer.contentType ?? 'text/plain' }).end(answer.text);
      }
    };
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
