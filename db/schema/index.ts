// The full schema, for the Drizzle client and drizzle-kit. (The one aggregate module the ORM needs.)
export * from "./access.ts";
export * from "./alerts.ts";
export * from "./assets.ts";
export * from "./audit.ts";
export * from "./auth.ts";
export * from "./catalog.ts";
export * from "./client-movies.ts";
export * from "./credits.ts";
export * from "./ingest.ts";
export * from "./showtimes.ts";
export * from "./tenancy.ts";
export * from "./tools.ts";
