import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedCall {
  readonly headers: IncomingHttpHeaders;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
  readonly body: any;
}

/** How the receiver answers: 200, a status, or by cutting the connection (a network error for the sender). */
export type ReceiverMode = 'ok' | 'reset' | 'hang' | number;

/** An HTTP server on 127.0.0.1 recording every POST it answers with 200 (the others are counted in `refused`). */
export interface WebhookReceiver {
  readonly url: string;
  readonly calls: ReceivedCall[];
  /** Requests answered otherwise than 200 (or cut). */
  readonly refused: () => number;
  mode: ReceiverMode;
  /** Requests held in `hang` mode, not answered yet. */
  readonly held: () => number;
  /** Answers the held requests with this status (they count as refused). */
  release(status: number): void;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const calls: ReceivedCall[] = [];
  let refused = 0;
  const receiver = { mode: 'ok' as ReceiverMode };
  const held: ServerResponse[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const mode = receiver.mode;
      if (mode === 'hang') {
        held.push(response);
        return;
      }
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
    held: () => held.filter((response) => !response.destroyed).length,
    release(status: number) {
      for (const response of held.splice(0)) {
        refused += 1;
        if (!response.destroyed) response.writeHead(status).end('released');
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
