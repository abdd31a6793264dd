import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedCall {
  readonly headers: IncomingHttpHeaders;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
  readonly body: any;
}

/** How the receiver answers: 200, a status, or by cutting the connection (a network error for the sender). */
export type ReceiverMode = 'ok' | 'reset' | number;

/** An HTTP server on 127.0.0.1 recording every POST it answers with 200 (the others are counted in `refused`). */
export interface WebhookReceiver {
  readonly url: string;
  readonly calls: ReceivedCall[];
  /** Requests answered otherwise than 200 (or cut). */
  readonly refused: () => number;
  mode: ReceiverMode;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const calls: ReceivedCall[] = [];
  let refused = 0;
  const receiver = { mode: 'ok' as ReceiverMode };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const mode = receiver.mode;
      if (mode === 'reset') {
        refused += 1;
        request.socket.destroy();
        return;
      }
      if (mode !== 'ok') {
        refused += 1;
        response.writeHead(mode).end('no');
        return;
      }
      calls.push({ headers: request.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${port}/hook`,
    calls,
    refused: () => refused,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
