// Requests that name another client's ids, and what a client's members may change of their own client:
// its movie settings and its media library, against the real app (server/access-matrix.test.ts has the
// route-by-route matrix).
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { assets } from "../db/schema/assets.ts";
import { movies } from "../db/schema/catalog.ts";
import { clientMovieSettings } from "../db/schema/client-movies.ts";
import {
  app,
  cookies,
  dataPath,
  otherClientId,
  SELF,
  signIn,
  setUpAccessMatrix,
  type Who,
} from "./access-matrix-test-support.ts";

const database = setUpAccessMatrix();

describe("requests that name another client's ids", () => {
  it("refuses to switch to a client the user is not a member of", async () => {
    const res = await app.request("/studio/session/active-client", {
      method: "POST",
      body: new URLSearchParams({ clientId: otherClientId }),
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookies.admin!, origin: SELF },
    });
    expect(res.status).toBe(404);
  });

  it("refuses impersonation to anyone but a super admin, even a crafted request", async () => {
    const res = await app.request("/studio/session/impersonation", {
      method: "POST",
      body: new URLSearchParams({ intent: "start", clientId: otherClientId }),
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookies.admin!, origin: SELF },
    });
    expect(res.status).toBe(403);
  });

  it("does not let a client admin manage another client's members through its own page", async () => {
    const res = await app.request("/studio/other", {
      method: "POST",
      body: new URLSearchParams({ intent: "invite", email: "intruder@example.com", role: "admin" }),
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookies.admin!, origin: SELF },
    });
    expect(res.status).toBe(404);
  });
});

describe("client movie settings: only editors and admins of that client change them", () => {
  const post = (path: string, who: Who, fields: Record<string, string>) =>
    app.request(path, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookies[who]!, origin: SELF },
    });
  const fields = { intent: "setting", movieId: "", change: "feature" };
  beforeAll(async () => {
    const [movie] = await database()
      .db.insert(movies)
      .values({ title: "Access Matrix Movie", slug: "access-matrix-movie" })
      .returning({ id: movies.id });
    fields.movieId = movie!.id;
  });
  const settingsCount = async () =>
    (await database().db.select({ n: count() }).from(clientMovieSettings))[0]!.n;

  it("answers a viewer's crafted POST with 403 and writes nothing", async () => {
    expect((await post("/studio/demo/movies", "viewer", fields)).status).toBe(403);
    expect(await settingsCount()).toBe(0);
  });

  it("lets an editor of the client feature a movie", async () => {
    expect((await post("/studio/demo/movies", "editor", fields)).status).toBe(200);
    expect(await settingsCount()).toBe(1);
  });

  it("refuses a member of another client, as the client-access guard does for its home", async () => {
    expect((await post("/studio/other/movies", "admin", fields)).status).toBe(404);
  });
});

describe("media library: a client's assets are its own; viewers read only", () => {
  const upload = async (cookie: string, name: string) => {
    const bytes = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#abcdef" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set("intent", "upload");
    form.set("kind", "poster");
    form.set("file", new File([bytes], name, { type: "image/png" }));
    return app.request("/studio/assets", { method: "POST", body: form, headers: { cookie, origin: SELF } });
  };

  it("never shows client B's asset to client A, nor lets A delete it", async () => {
    const olga = await signIn("olga@other.test", "other-password-1", "192.0.2.9");
    expect((await upload(olga, "other-secret-poster.png")).status).toBe(200);
    const [asset] = await database()
      .db.select({ id: assets.id })
      .from(assets)
      .where(eq(assets.fileName, "other-secret-poster.png"));
    for (const who of ["viewer", "admin", "superAdmin", "impersonating"] as const) {
      const list = await app.request(dataPath(`/studio/assets?asset=${asset!.id}`), {
        headers: { cookie: cookies[who]! },
      });
      expect(await list.text(), who).not.toContain("other-secret-poster.png");
      const choices = await app.request("/studio/assets/choices?q=secret", {
        headers: { cookie: cookies[who]! },
      });
      expect(await choices.json(), who).toEqual({ options: [] });
    }
    const refused = await app.request("/studio/assets", {
      method: "POST",
      body: new URLSearchParams({ intent: "delete", assetId: asset!.id, confirm: "1" }),
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookies.admin!, origin: SELF },
    });
    expect(refused.status).toBe(404);
  });

  it("refuses a viewer's upload and delete intents with 403", async () => {
    expect((await upload(cookies.viewer!, "viewer.png")).status).toBe(403);
    const res = await app.request("/studio/assets", {
      method: "POST",
      body: new URLSearchParams({ intent: "delete", assetId: otherClientId, confirm: "1" }),
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookies.viewer!, origin: SELF },
    });
    expect(res.status).toBe(403);
  });
});
