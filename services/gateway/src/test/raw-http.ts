import { connect } from 'node:net';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends one request exactly as written, request line included: no client library normalises its
 * path (dot segments, escapes) on the way, which is what a probe of the gateway needs.
 */
export function rawRequest(
  port: number,
  { method = 'GET', path, headers = {}, body }: { method?: string; path: string | Buffer; headers?: Record<string, string>; body?: string | Buffer },
): Promise<RawAnswer> {
  const payload = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(body);
  const lines = [`Host: 127.0.0.1:${port}`, 'Connection: close'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  if (payload) lines.push(`Content-Length: ${payload.length}`);
  const head = Buffer.concat([Buffer.from(`${method} `), Buffer.isBuffer(path) ? path : Buffer.from(path), Buffer.from(` HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`)]);
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(payload ? Buffer.concat([head, payload]) : head);
    });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      // A 100 Continue interim answer comes first when the request asked for one.
      const final = text.replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, '');
      const split = final.indexOf('\r\n\r\n');
      const [statusLine, ...headerLines] = final.slice(0, split).split('\r\n');
      const answerHeaders: Record<string, string> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(':');
        answerHeaders[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      let answerBody = final.slice(split + 4);
      if (answerHeaders['transfer-encoding'] === 'chunked') answerBody = dechunk(answerBody);
      resolve({ status: Number(statusLine?.split(' ')[1]), headers: answerHeaders, body: answerBody });
    });
  });
}

function dechunk(text: string): string {
  let out = '';
  let rest = text;
  for (;;) {
    const lineEnd = rest.indexOf('\r\n');
    const size = parseInt(rest.slice(0, lineEnd), 16);
    if (!size) return out;
    out += rest.slice(lineEnd + 2, lineEnd + 2 + size);
    rest = rest.slice(lineEnd + 2 + size + 2);
  }
}
