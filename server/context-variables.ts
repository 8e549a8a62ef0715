import type { Logger } from "pino";

/** Variables our middleware puts on the Hono context. */
export type ServerEnv = {
  Variables: {
    requestId: string;
    nonce: string;
    log: Logger;
    /** the client address as the edge resolved it (server/middleware/client-address.ts) */
    clientIp: string;
  };
};
