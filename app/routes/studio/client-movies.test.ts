// /studio/{slug}/movies through the real app, signed in as the demo accounts: everyone of the demo client
// sees what plays in its countries; the editor features, hides and reorders; the viewer sees no controls
// and a crafted POST is a 403 that writes nothing; another client's member gets nothing of it.
import { randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { and, count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { countryAccess } from "../../../db/schema/access.ts";
import { auditLogs } from "../../../db/schema/audit.ts";
import { accounts, users } from "../../../db/schema/auth.ts";
import { movies } from "../../../db/schema/catalog.ts";
import { clientMovieSettings } from "../../../db/schema/client-movies.ts";
import { showtimes } from "../../../db/schema/showtimes.ts";
import { clientMembers, clients, profiles } from "../../../db/schema/tenancy.ts";
import { createCinema, ensureCountry } from "../../../core/catalog/catalog-test-helpers.ts";
import {
  dataPath,
  get,
  postForm,
  setUpStudio,
  signIn,
  type App,
  type Who,
} from "../../../tests/helpers/studio-test-app.ts";

const { database, studio } = setUpStudio();
let app: App;
let cookies: Record<Who, string>;
let outsider: string;
let demoClientId = "";
const ids: Record<string, string> = {};
const PAGE = "/studio/demo/movies";

const settingsOf = async (clientId: string) =>
  database()
    .db.select({
      movieId: clientMovieSettings.movieId,
      featured: clientMovieSettings.featured,
      hidden: clientMovieSettings.hidden,
      position: clientMovieSettings.position,
    })
    .from(clientMovieSettings)
    .where(eq(clientMovieSettings.clientId, clientId))
    .orderBy(clientMovieSettings.position);

beforeAll(async () => {
  ({ app, cookies } = studio());
  const { db } = database();
  const [demo] = await db.select({ id: clients.uuid }).from(clients).where(eq(clients.slug, "demo"));
  demoClientId = demo!.id;
  await ensureCountry(db, "NL", "Netherlands");
  await db.insert(countryAccess).values({ clientId: demoClientId, countryCode: "NL" });
  const cinema = await createCinema(db, { countryCode: "NL" });
  for (const title of ["Aftersun", "Babygirl", "Challengers"]) {
    const [movie] = await db
      .insert(movies)
      .values({ title, slug: `${title.toLowerCase()}-${randomUUID().slice(0, 6)}` })
      .returning({ id: movies.id });
    ids[title] = movie!.id;
    await db.insert(showtimes).values({
      cinemaId: cinema,
      countryCode: "NL",
      movieId: movie!.id,
      feedTitle: title,
      startsAt: new Date(Date.now() + 3 * 86_400_000),
    });
  }
  // A member of another client, with a setting of its own there.
  const [other] = await db.insert(clients).values({ name: "Other", slug: "other-movies" }).returning();
  const [user] = await db
    .insert(users)
    .values({ name: "Olga", email: "olga@other-movies.test", emailVerified: true })
    .returning();
  await db.insert(accounts).values({
    userId: user!.id,
    accountId: user!.id,
    providerId: "credential",
    password: await hashPassword("other-password-1"),
  });
  const [profile] = await db.insert(profiles).values({ userId: user!.id }).returning();
  await db.insert(clientMembers).values({ clientId: other!.uuid, profileId: profile!.id, role: "admin" });
  outsider = await signIn(app, "olga@other-movies.test", "other-password-1");
});

describe("reading", () => {
  it("shows every member what plays in the client's countries; controls only to those who curate", async () => {
    const viewer = await (await get(app, PAGE, cookies.viewer)).text();
    expect(viewer).toContain("Aftersun");
    expect(viewer).toContain("Challengers");
    expect(viewer).not.toContain('name="intent"');
    const editor = await (await get(app, PAGE, cookies.editor)).text();
    expect(editor).toContain('name="intent"');
    expect(editor).toContain("Feature");
  });

  it("links the page from the client's home", async () => {
    const home = await (await get(app, "/studio/demo", cookies.viewer)).text();
    expect(home).toContain('href="/studio/demo/movies"');
  });

  it("gives a member of another client nothing: page, data and posts are 404", async () => {
    expect((await get(app, PAGE, outsider)).status).toBe(404);
    expect((await get(app, dataPath(PAGE), outsider)).status).toBe(404);
    const res = await postForm(
      app,
      PAGE,
      { intent: "setting", movieId: ids.Aftersun!, change: "feature" },
      outsider,
    );
    expect(res.status).toBe(404);
    expect(await settingsOf(demoClientId)).toEqual([]);
  });
});

describe("curating", () => {
  it("refuses a viewer's crafted POST with 403 and writes nothing", async () => {
    const audits = (await database().db.select({ n: count() }).from(auditLogs))[0]!.n;
    const crafted: Record<string, string>[] = [
      { intent: "setting", movieId: ids.Aftersun!, change: "feature" },
      { intent: "move", movieId: ids.Aftersun!, direction: "up" },
    ];
    for (const fields of crafted) {
      expect((await postForm(app, PAGE, fields, cookies.viewer)).status).toBe(403);
    }
    expect(await settingsOf(demoClientId)).toEqual([]);
    expect((await database().db.select({ n: count() }).from(auditLogs))[0]!.n).toBe(audits);
  });

  it("lets the editor feature, hide and reorder, for the page's client only", async () => {
    for (const title of ["Aftersun", "Babygirl", "Challengers"]) {
      const res = await postForm(
        app,
        PAGE,
        { intent: "setting", movieId: ids[title]!, change: "feature" },
        cookies.editor,
      );
      expect(res.status).toBe(200);
    }
    expect(
      (
        await postForm(
          app,
          PAGE,
          { intent: "move", movieId: ids.Challengers!, direction: "up" },
          cookies.editor,
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await postForm(
          app,
          PAGE,
          { intent: "setting", movieId: ids.Aftersun!, change: "hide" },
          cookies.editor,
        )
      ).status,
    ).toBe(200);
    expect(
      (await settingsOf(demoClientId)).map((r) => [r.movieId, r.featured, r.hidden, r.position]),
    ).toEqual([
      [ids.Challengers, true, false, 1],
      [ids.Babygirl, true, false, 2],
      [ids.Aftersun, false, true, null],
    ]);
    const [audit] = await database()
      .db.select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "client.movie.hide"), eq(auditLogs.entityId, ids.Aftersun!)));
    expect(audit).toMatchObject({ effectiveClientId: demoClientId, before: { featured: true } });
    // The page lists them in the client's order.
    const html = await (await get(app, PAGE, cookies.viewer)).text();
    expect(html.indexOf("Challengers")).toBeLessThan(html.indexOf("Babygirl"));
    expect(html.indexOf("Babygirl")).toBeLessThan(html.indexOf("Aftersun"));
  });

  it("answers bad input with 400 and an unknown intent with 400, changing nothing", async () => {
    const before = await settingsOf(demoClientId);
    expect(
      (await postForm(app, PAGE, { intent: "setting", movieId: "nope", change: "feature" }, cookies.editor))
        .status,
    ).toBe(400);
    expect(
      (
        await postForm(
          app,
          PAGE,
          { intent: "setting", movieId: ids.Babygirl!, change: "explode" },
          cookies.editor,
        )
      ).status,
    ).toBe(400);
    expect(
      (await postForm(app, PAGE, { intent: "delete", movieId: ids.Babygirl! }, cookies.editor)).status,
    ).toBe(400);
    expect(await settingsOf(demoClientId)).toEqual(before);
  });
});
