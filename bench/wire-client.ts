import { connect, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

export interface WireAnswer {
  status: number;
  body: Buffer;
}

const HEAD_END = Buffer.from('\r\n\r\n');

/**
 * The portal's port on this machine, listening on loopback for the bench's client if it is not yet
 * listening (the bench's app is built without a server of its own).
 */
export async function loopbackAddress(app: FastifyInstance) {
  if (!app.server.listening) await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the portal is not listening on a TCP port');
  return { host: '127.0.0.1', port: address.port };
}

/**
 * One keep-alive HTTP/1.1 connection to the portal, as a browser keeps one: a request goes out as the
 * bytes a client sends, and its answer is read off the socket up to its `content-length`, as bytes. The
 * bench times the server through the real HTTP stack (Node's parser, its request and response, the
 * socket's writes) without a client library's own work: nothing is decoded, one request at a time.
 */
export class WireClient {
  #socket: Socket | undefined;
  #waiting: { resolve: (answer: WireAnswer) => void; reject: (error: Error) => void } | undefined;
  #chunks: Buffer[] = [];
  #received = 0;
  /** Where the answer's body starts and how long it is, once its head has arrived. */
  #body: { start: number; length: number; status: number } | undefined;

  constructor(private readonly address: { host: string; port: number }) {}

  async #connected() {
    if (this.#socket && !this.#socket.destroyed) return this.#socket;
    const socket = connect(this.address);
    socket.setNoDelay(true);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    socket.on('data', (chunk: Buffer) => this.#take(chunk));
    const fail = (error: Error) => {
      const waiting = this.#waiting;
      this.#reset();
      waiting?.reject(error);
    };
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('the portal closed the connection before answering')));
    this.#socket = socket;
    return socket;
  }

  #reset() {
    this.#waiting = undefined;
    this.#chunks = [];
    this.#received = 0;
    this.#body = undefined;
  }

  #take(chunk: Buffer) {
    this.#chunks.push(chunk);
    this.#received += chunk.length;
    if (!this.#body) {
      const bytes = this.#chunks.length === 1 ? chunk : Buffer.concat(this.#chunks);
      this.#chunks = [bytes];
      const headEnd = bytes.indexOf(HEAD_END);
      if (headEnd < 0) return;
      const head = bytes.toString('latin1', 0, headEnd);
      const length = /\r\ncontent-length: *(\d+)/i.exec(head);
      if (!length) {
        this.#socket?.destroy(new Error(`an answer without content-length: ${head.split('\r\n')[0]}`));
        return;
      }
      this.#body = {
        start: headEnd + HEAD_END.length,
        length: Number(length[1]),
        status: Number(head.slice(9, 12)),
      };
    }
    const { start, length, status } = this.#body;
    if (this.#received < start + length) return;
    const bytes = this.#chunks.length === 1 ? this.#chunks[0] : Buffer.concat(this.#chunks);
    const waiting = this.#waiting;
    this.#reset();
    waiting?.resolve({ status, body: bytes.subarray(start, start + length) });
  }

  /** A request's bytes, its head (with its body's length) and its body: written once, sent as often as wanted. */
  static request(path: string, headers: Record<string, string>, body: string) {
    const payload = Buffer.from(body);
    const lines = Object.entries({ host: 'localhost', ...headers, 'content-length': String(payload.length) })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    return Buffer.concat([Buffer.from(`POST ${path} HTTP/1.1\r\n${lines}\r\n`, 'latin1'), payload]);
  }

  async send(request: Buffer): Promise<WireAnswer> {
    if (this.#waiting) throw new Error('one request at a time on a connection');
    const answer = new Promise<WireAnswer>((resolve, reject) => {
      this.#waiting = { resolve, reject };
    });
    try {
      (await this.#connected()).write(request);
    } catch (error) {
      this.#reset();
      throw error;
    }
    return answer;
  }

  close() {
    this.#socket?.removeAllListeners('close');
    this.#socket?.destroy();
    this.#socket = undefined;
  }
}
