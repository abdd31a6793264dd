import net from 'node:net';

export interface RawResponse {
  readonly status: number;
  /** Header names lower-cased. */
  readonly headers: ReadonlyMap<string, string>;
  readonly text: string;
  /** Parsed JSON, or null when the body is empty or not JSON. */
  readonly body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
}

function parseHead(head: string): { status: number; headers: Map<string, string> } {
  const [statusLine = '', ...lines] = head.split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? NaN);
  const headers = new Map<string, string>();
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { status, headers };
}

/** A chunked body decoded, or null until its last chunk has come. */
function dechunk(data: string): string | null {
  let body = '';
  let at = 0;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', at);
    if (lineEnd === -1) return null;
    const size = parseInt(data.slice(at, lineEnd), 16);
    if (Number.isNaN(size)) return null;
    if (size === 0) return data.indexOf('\r\n', lineEnd + 2) === -1 ? null : body;
    if (data.length < lineEnd + 2 + size + 2) return null;
    body += data.slice(lineEnd + 2, lineEnd + 2 + size);
    at = lineEnd + 2 + size + 2;
  }
}

function parseJson(text: string): unknown {
  try {
    return text === '' ? null : JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * Sends `request` as written (no client fixes anything: a missing Host stays missing) to the
 * server at `baseUrl` and reads the first final answer: interim 1xx answers are skipped, the
 * body is read to its Content-Length, to its last chunk, or to the end of the connection.
 */
export function rawHttp(baseUrl: string, request: string): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(request));
    let received = Buffer.alloc(0);
    let settled = false;
    const finish = (ended: boolean): void => {
      if (settled) return;
      let rest = received.toString('latin1');
      for (;;) {
        const end = rest.indexOf('\r\n\r\n');
        if (end === -1) {
          if (ended) fail(new Error(`no complete answer: ${JSON.stringify(rest)}`));
          return;
        }
        const { status, headers } = parseHead(rest.slice(0, end));
        rest = rest.slice(end + 4);
        if (status >= 100 && status < 200) continue;
        if (headers.get('transfer-encoding')?.toLowerCase() === 'chunked') {
          const body = dechunk(rest);
          if (body === null) {
            if (ended) fail(new Error(`chunked body cut short: ${JSON.stringify(rest)}`));
            return;
          }
          rest = body;
          headers.set('content-length', String(Buffer.byteLength(body, 'latin1')));
        }
        const length = headers.get('content-length');
        if (length !== undefined && Buffer.byteLength(rest, 'latin1') < Number(length)) {
          if (ended) fail(new Error(`body cut short: ${JSON.stringify(rest)}`));
          return;
        }
        if (length === undefined && !ended) return;
        const text = Buffer.from(length === undefined ? rest : rest.slice(0, Number(length)), 'latin1').toString('utf8');
        settled = true;
        socket.destroy();
        resolve({ status, headers, text, body: parseJson(text) });
        return;
      }
    };
    const fail = (error: Error): void => {
      if (settled) return;
      settled = true;
      socket.destroy();
      reject(error);
    };
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      finish(false);
    });
    socket.on('end', () => finish(true));
    socket.on('close', () => finish(true));
    socket.on('error', fail);
  });
}
