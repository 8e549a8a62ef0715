// The Hono app under test (server/app*.test.ts): in-process (app.request) over the real build and a small
// demo seeded for a fixed noon in Amsterdam.
import { beforeAll } from "vitest";
import type { MessageCatalog } from "../core/i18n/message-catalog.ts";
import { createTestApp, seedSmallDemo } from "../tests/helpers/test-app.ts";
import { useTestDatabase } from "../tests/helpers/test-db.ts";
import type { createApp, createServerParts } from "./app.ts";

export const NOW = new Date("2026-11-22T11:00:00Z"); // noon in Amsterdam
// Set by setUpSeededApp() and its beforeAll; the test files read these bindings as they are by then.
let database: ReturnType<typeof useTestDatabase>;
export let app: ReturnType<typeof createApp>;
export let listener: ReturnType<typeof createServerParts>["listener"];
export let i18n: MessageCatalog;

/** For a test file: a database of its own with the small demo, and the app over it (in beforeAll). */
export function setUpSeededApp() {
  database = useTestDatabase();
  beforeAll(async () => {
    await seedSmallDemo(database(), NOW);
    ({ app, listener, i18n } = await createTestApp(database(), { now: () => NOW }));
  });
  return database;
}
