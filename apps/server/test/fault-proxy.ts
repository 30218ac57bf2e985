import { connect, createServer, type Server, type Socket } from 'node:net';

/** The PostgreSQL server the tests run on (TEST_PG_URL names its maintenance database). */
export const testPgUrl = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const parsed = new URL(testPgUrl);
const TEST_PG = { host: parsed.hostname, port: Number(parsed.port || 5432) };

/** A TCP proxy that passes bytes, drops and refuses (`cut`), or holds connections and passes nothing (`blackhole`). */
export class FaultProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  private holding = false;
  port = 0;

  private constructor(private readonly target: { host: string; port: number }) {}

  /** Listens on a free port of 127.0.0.1, forwarding to the test PostgreSQL server (or `target`). */
  static async start(target = TEST_PG): Promise<FaultProxy> {
    const proxy = new FaultProxy(target);
    await proxy.listen();
    return proxy;
  }

  urlFor(database: string): string {
    const url = new URL(testPgUrl);
    url.host = `127.0.0.1:${this.port}`;
    url.pathname = `/${database}`;
    return url.toString();
  }

  /** A restart: every connection drops, new ones are refused. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    this.dropAll();
    if (server) await new Promise<void>((done) => server.close(() => done()));
  }

  async restore(): Promise<void> {
    this.holding = false;
    if (!this.server) await this.listen();
  }

  /** Nothing passes any more, either way, on open connections or new ones — and nothing closes. */
  blackhole(): void {
    this.holding = true;
    for (const socket of this.sockets) {
      socket.unpipe();
      socket.pause();
    }
  }

  /** Ends the black hole: held connections drop (PostgreSQL ends their sessions), new ones pass. */
  heal(): void {
    this.dropAll();
    this.holding = false;
  }

  async close(): Promise<void> {
    await this.cut();
  }

  private dropAll(): void {
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
  }

  private listen(): Promise<void> {
    return new Promise((done, fail) => {
      const server = createServer((client) => this.pipe(client));
      server.once('error', fail);
      server.listen(this.port, '127.0.0.1', () => {
        this.server = server;
        const address = server.address();
        if (typeof address === 'object' && address) this.port = address.port;
        done();
      });
    });
  }

  private pipe(client: Socket): void {
    this.sockets.add(client);
    client.on('error', () => client.destroy()).on('close', () => this.sockets.delete(client));
    if (this.holding) return void client.pause();
    const upstream = connect(this.target);
    this.sockets.add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
    };
    upstream.on('error', drop).on('close', () => {
      this.sockets.delete(upstream);
      drop();
    });
    client.on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
  }
}
