import type { AddressInfo } from "node:net";
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createHttpServer, SERVER_LIMITS } from "./http-server.ts";

// The limits of server.ts's HTTP server, shortened so the test takes seconds, over real
// sockets.
const limits = {
  ...SERVER_LIMITS,
  requestTimeoutMs: 1_500,
  headersTimeoutMs: 1_000,
  checkIntervalMs: 200,
  maxConnections: 3,
};
const server = createHttpServer((req, res) => {
  req.resume();
  req.on("end", () => res.end("ok"));
}, limits);
const sockets: net.Socket[] = [];

async function connect(): Promise<net.Socket> {
  if (!server.listening) {
    server.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
  }
  const { port } = server.address() as AddressInfo;
  const socket = net.connect(port, "127.0.0.1");
  sockets.push(socket);
  socket.on("error", () => {});
  await new Promise((resolve) => socket.once("connect", resolve));
  return socket;
}

const closed = (socket: net.Socket) =>
  new Promise<number>((resolve) => {
    const started = Date.now();
    socket.resume();
    socket.once("close", () => resolve(Date.now() - started));
  });

afterEach(() => {
  for (const socket of sockets.splice(0)) socket.destroy();
});

describe("HTTP server limits", () => {
  it("cuts a body trickled one byte at a time once the request timeout passes", async () => {
    const socket = await connect();
    socket.write("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n");
    const trickle = setInterval(() => socket.write("a"), 300);
    let answer = "";
    socket.on("data", (chunk: Buffer) => (answer += chunk.toString()));
    const elapsed = await closed(socket);
    clearInterval(trickle);
    expect(elapsed).toBeLessThan(3_000);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it("cuts headers that never end", async () => {
    const socket = await connect();
    socket.write("GET / HTTP/1.1\r\nHost: x\r\n");
    expect(await closed(socket)).toBeLessThan(3_000);
  });

  it("refuses connections past the limit, not those within it", async () => {
    const within = await Promise.all([connect(), connect(), connect()]);
    const over = await connect();
    expect(await closed(over)).toBeLessThan(1_000);
    expect(within.every((socket) => !socket.destroyed)).toBe(true);
  });

  it("keeps limits a healthy client never meets", () => {
    expect(SERVER_LIMITS.requestTimeoutMs).toBe(30_000);
    expect(SERVER_LIMITS.headersTimeoutMs).toBeLessThan(SERVER_LIMITS.requestTimeoutMs);
    expect(SERVER_LIMITS.maxConnections).toBeGreaterThanOrEqual(1_000);
  });
});
