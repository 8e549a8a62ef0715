// Entry point. Decides the run mode before anything imports React: the production build must run on
// React's production build (three to five times faster to render) even for a local `npm start`, where
// NODE_ENV is usually unset. What the operator set is kept for our own configuration (server/config.ts:
// "production" there requires AUTH_SECRET), so a local start stays a local start.
const development = process.argv.includes("--dev");
process.env.REELTIME_CONFIGURED_NODE_ENV = process.env.NODE_ENV ?? (development ? "development" : "");
if (!development) process.env.NODE_ENV = "production";

await import("./start.ts");
