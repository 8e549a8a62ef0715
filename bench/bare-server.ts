// The baseline: a bare node:http "hello world" on PORT (127.0.0.1), nothing between the socket and the
// answer. Started as a child by the bench, like the real server, and measured the same way.
import { createServer } from "node:http";

const body = "Hello, world!";
const server = createServer((_request, response) => {
  response.writeHead(200, { "Content-Type": "text/plain", "Content-Length": Buffer.byteLength(body) });
  response.end(body);
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT), "127.0.0.1");
process.on("SIGTERM", () => {
  server.close(() => process.exit(0));
  server.closeIdleConnections();
});
