import { createServer } from 'node:net';

/**
 * Asks the OS for a free local port (listen on 0, read it, close). The browser tests, the contract
 * walk and the benchmarks each start their own server on one, so runs never collide.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}
