/**
 * A TCP server that accepts connections and then neither reads nor writes a byte: a vendor whose TLS
 * handshake never answers, or that never reads the request (vendor-request's "not sent before the deadline").
 */
import { createServer, type Socket } from 'node:net';

export interface SilentTcpServer {
  port: number;
  close: () => Promise<void>;
}

export async function startSilentTcpServer(): Promise<SilentTcpServer> {
  const sockets: Socket[] = [];
  const server = createServer((socket) => {
    socket.pause();
    sockets.push(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address !== null ? address.port : 0,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
