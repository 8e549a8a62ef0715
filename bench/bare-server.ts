// The baseline: a bare node:http "hello world" on PORT (127.0.0.1), nothing between the socket and the
// answer. Started as a child by the bench, like the real server, and measured the same way. With
// BODY_FILE it answers that file's bytes as JSON instead: the same body as an API answer, for scale.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const file = process.env.BODY_FILE;
const body = file ? readFileSync(file, "utf8") : "Hello, world!";
const type = file ? "application/json" : "text/plain";
const server = createServer((_request, response) => {
  response.writeHead(200, { "Content-Type": type, "Content-Length": Buffer.byteLength(body) });
  response.end(body);
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT), "127.0.0.1");
process.on("SIGTERM", () => {
  server.close(() => process.exit(0));
  server.closeIdleConnections();
});
