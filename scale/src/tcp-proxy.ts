import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy between the nodes and a service (PostgreSQL, Redis), for the fault tests: `cut()` drops
 * every open connection and refuses new ones — what clients see while the service restarts or is down
 * — and `restore()` accepts connections again on the same port. The machine's services are never
 * touched; only what goes through this proxy is.
 */
export class TcpProxy {
  private server: Server | undefined;
  private readonly open = new Set<Socket>();
  /** The port the proxy listens on (kept across cut and restore). */
  port = 0;
  private constructor(private readonly target: { host: string; port: number }) {}

  /** Listens on a free port of 127.0.0.1 and forwards to `target`. */
  static async start(target: { host: string; port: number }): Promise<TcpProxy> {
    const proxy = new TcpProxy(target);
    proxy.port = await proxy.listen();
    return proxy;
  }

  get url(): string {
    return `127.0.0.1:${this.port}`;
  }

  /** Sockets open through the proxy now (each connection counts its two sides). */
  get sockets(): number {
    return this.open.size;
  }

  get isCut(): boolean {
    return this.server === undefined;
  }

  /** Stops listening (new connections are refused) and drops every open one. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.open) socket.destroy();
    this.open.clear();
    if (server) await new Promise<void>((done) => server.close(() => done()));
  }

  /** Listens again on the same port. */
  async restore(): Promise<void> {
    if (this.server) return;
    await this.listen();
  }

  close(): Promise<void> {
    return this.cut();
  }

  private listen(): Promise<number> {
    return new Promise((done, fail) => {
      const server = createServer((client) => this.pipe(client));
      server.once('error', fail);
      server.listen(this.port, '127.0.0.1', () => {
        server.off('error', fail);
        this.server = server;
        const address = server.address();
        done(typeof address === 'object' && address ? address.port : this.port);
      });
    });
  }

  private pipe(client: Socket): void {
    const upstream = connect({ host: this.target.host, port: this.target.port });
    this.open.add(client);
    this.open.add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      this.open.delete(client);
      this.open.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
  }
}
