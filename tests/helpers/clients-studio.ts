// The studio's clients pages under test (app/routes/studio/config/clients*.test.ts, client-detail.test.ts):
// the demo studio with an SMTP capture, and 24 clients besides the demo one.
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { clients } from "../../db/schema/tenancy.ts";
import { startSmtpCapture, type SmtpCapture } from "./smtp-capture.ts";
import { setUpStudio, type App, type Who } from "./studio-test-app.ts";

// Set by setUpClientsStudio() and its hooks; the test files read these bindings as they are by then.
export let smtp: SmtpCapture;
export let app: App;
export let cookies: Record<Who, string>;
export let demoId = "";
let database: ReturnType<typeof setUpStudio>["database"];

export const clientCount = async () => (await database().db.select({ n: count() }).from(clients))[0]!.n;
export const pad = (n: number) => String(n).padStart(2, "0");

/** For a test file: an SMTP capture, the studio over a database of its own, and the 24 batch clients. */
export function setUpClientsStudio() {
  beforeAll(async () => {
    smtp = await startSmtpCapture();
  });
  afterAll(async () => {
    await smtp.close();
  });
  const studio = setUpStudio(() => ({ SMTP_URL: smtp.url }));
  database = studio.database;
  beforeAll(async () => {
    ({ app, cookies } = studio.studio());
    const { db } = database();
    // With the demo client: 25 clients. "Batch Client 01" … "24" sort before "Demo Cinema Guide".
    await db.insert(clients).values(
      Array.from({ length: 24 }, (_, i) => ({
        name: `Batch Client ${pad(i + 1)}`,
        slug: `batch-${pad(i + 1)}`,
        status: i % 6 === 5 ? ("suspended" as const) : ("active" as const),
        contactEmail: `ops${i + 1}@batch.test`,
      })),
    );
    const [demo] = await db.select({ id: clients.uuid }).from(clients).where(eq(clients.slug, "demo"));
    demoId = demo!.id;
  });
  return studio;
}
