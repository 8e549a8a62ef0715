// The catalogue and platform pages' forms against the real app: every signed-in user reads, only super
// admins write (a client user's crafted POST is a 403; a super admin's invalid form a 400).
import { randomUUID } from "node:crypto";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { exports } from "../db/schema/tools.ts";
import {
  app,
  cookies,
  documentOutcome,
  otherClientId,
  SELF,
  setUpAccessMatrix,
  type Who,
} from "./access-matrix-test-support.ts";

const database = setUpAccessMatrix();

describe("catalogue lists: every signed-in user reads, only super admins write", () => {
  const post = (path: string, who: Who, fields: Record<string, string>) =>
    app.request(path, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookies[who]!, origin: SELF },
    });

  it.each(["viewer", "editor", "admin"] as const)(
    "refuses a client %s's crafted POST with 403",
    async (who) => {
      expect(
        (
          await post("/studio/data/attributes", who, {
            intent: "create",
            code: "x",
            category: "format",
            nameEn: "X",
          })
        ).status,
      ).toBe(403);
      expect(
        (await post("/studio/data/cinema-chains", who, { intent: "create", name: "X", slug: "x-chain" }))
          .status,
      ).toBe(403);
      expect(
        (await post("/studio/data/cinemas", who, { intent: "create", name: "X", slug: "x-cinema" })).status,
      ).toBe(403);
      for (const intent of ["create", "update", "status", "addAlias", "removeAlias", "merge"])
        expect((await post("/studio/data/movies", who, { intent, title: "X", slug: "x-movie" })).status).toBe(
          403,
        );
      for (const intent of ["add", "cancel", "reattribute"])
        expect((await post("/studio/data/showtimes", who, { intent, ids: otherClientId })).status).toBe(403);
      // Feeds live on the cinema and chain pages: every feed intent is refused there too.
      for (const page of ["/studio/data/cinemas", "/studio/data/cinema-chains"])
        for (const intent of ["feed-create", "feed-update", "feed-delete", "feed-run"])
          expect(
            (
              await post(page, who, {
                intent,
                id: otherClientId,
                name: "X",
                format: "reeltime-json",
                url: "https://feeds.example.com/x.json",
              })
            ).status,
          ).toBe(403);
      for (const intent of ["link", "create", "linkTop", "ignore", "unignore"])
        expect((await post("/studio/missing-links", who, { intent, ids: otherClientId })).status).toBe(403);
      for (const intent of ["maintenance", "purge", "rematch", "reindex", "export", "runFeed", "cancel"])
        expect(
          (
            await post("/studio/data/tools", who, {
              intent,
              operation: "analyze",
              olderThanDays: "1",
              confirmWord: intent === "purge" ? "PURGE" : "REINDEX",
              table: "movies",
              format: "csv",
              sourceId: otherClientId,
              id: otherClientId,
            })
          ).status,
        ).toBe(403);
      for (const intent of ["purgeKey", "countPrefix", "purgePrefix", "purgeAll"])
        expect(
          (
            await post("/studio/data/cached-data", who, {
              intent,
              namespace: "api-response",
              key: "k",
              prefix: "k",
              confirmation: "purge",
            })
          ).status,
        ).toBe(403);
      expect(
        (
          await post("/studio/data/country-access", who, {
            intent: "grant",
            clientId: otherClientId,
            target: "country:NL",
          })
        ).status,
      ).toBe(403);
    },
  );

  it("serves an export's file to super admins only, as an attachment", async () => {
    const [saved] = await database()
      .db.insert(exports)
      .values({
        jobId: randomUUID(),
        format: "csv",
        tableName: "countries",
        fileName: "reeltime-countries.csv",
        content: gzipSync("code,name\r\nNL,Netherlands\r\n"),
        bytes: 29,
        rows: 1,
        expiresAt: new Date(Date.now() + 60_000),
      })
      .returning({ id: exports.id });
    const download = (who: Who) =>
      app.request(`/studio/data/tools/exports/${saved!.id}`, {
        headers: cookies[who] ? { cookie: cookies[who] } : {},
      });
    expect(documentOutcome(await download("anonymous"))).toBe("login");
    for (const who of ["viewer", "editor", "admin"] as const) {
      const refused = await download(who);
      expect(refused.status).toBe(403);
      expect(await refused.text()).not.toContain("Netherlands");
    }
    const answer = await download("superAdmin");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-disposition")).toBe('attachment; filename="reeltime-countries.csv"');
    expect(await answer.text()).toBe("code,name\r\nNL,Netherlands\r\n");
  });

  it("answers the movie picker's options to super admins only", async () => {
    const options = (who: Who) =>
      app.request("/studio/data/movies/options?q=a", {
        headers: cookies[who] ? { cookie: cookies[who] } : {},
      });
    expect(documentOutcome(await options("anonymous"))).toBe("login");
    for (const who of ["viewer", "editor", "admin"] as const) expect((await options(who)).status).toBe(403);
    const answer = await options("superAdmin");
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ options: expect.any(Array) });
  });

  it("lets a super admin post (an invalid form is a 400 with field errors, not a 403)", async () => {
    expect(
      (await post("/studio/data/attributes", "superAdmin", { intent: "create", code: "Bad Code" })).status,
    ).toBe(400);
    expect(
      (await post("/studio/data/cinema-chains", "superAdmin", { intent: "create", name: "" })).status,
    ).toBe(400);
    expect(
      (await post("/studio/data/cinemas", "superAdmin", { intent: "create", name: "", latitude: "123" }))
        .status,
    ).toBe(400);
    expect(
      (await post("/studio/data/movies", "superAdmin", { intent: "create", title: "", imdbId: "tt12" }))
        .status,
    ).toBe(400);
    expect(
      (await post("/studio/data/showtimes", "superAdmin", { intent: "add", time: "25:00" })).status,
    ).toBe(400);
    expect(
      (await post("/studio/missing-links", "superAdmin", { intent: "link", missingLinkId: "nope" })).status,
    ).toBe(400);
    expect(
      (
        await post("/studio/data/cinemas", "superAdmin", {
          intent: "feed-create",
          name: "",
          format: "reeltime-json",
          url: "ftp://x",
        })
      ).status,
    ).toBe(400);
    expect(
      (await post("/studio/data/country-access", "superAdmin", { intent: "grant", target: "nowhere" }))
        .status,
    ).toBe(400);
    expect(
      (await post("/studio/data/cached-data", "superAdmin", { intent: "purgePrefix", prefix: "" })).status,
    ).toBe(400);
    expect(
      (
        await post("/studio/data/tools", "superAdmin", {
          intent: "purge",
          olderThanDays: "30",
          confirmWord: "yes",
        })
      ).status,
    ).toBe(400);
    expect(
      (await post("/studio/data/tools", "superAdmin", { intent: "reindex", confirmWord: "" })).status,
    ).toBe(400);
    expect(
      (await post("/studio/data/tools", "superAdmin", { intent: "export", table: "users", format: "csv" }))
        .status,
    ).toBe(400);
    expect(
      (await post("/studio/data/cached-data", "superAdmin", { intent: "purgeAll", confirmation: "yes" }))
        .status,
    ).toBe(400);
  });
});
