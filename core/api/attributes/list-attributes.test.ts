import { beforeAll, describe, expect, it } from "vitest";
import { API_FIXTURE_NOW, seedApiFixtures } from "../../../tests/helpers/api-fixtures.ts";
import { useTestDatabase } from "../../../tests/helpers/test-db.ts";
import { listAttributes } from "./list-attributes.ts";
import { requireKnownAttributes } from "./known-attributes.ts";

describe("listAttributes", () => {
  const db = useTestDatabase();
  const services = () => ({ db: db().db });

  beforeAll(async () => {
    await seedApiFixtures(db(), API_FIXTURE_NOW, 1);
  });

  it("lists attributes by category and code, with their names", async () => {
    const page = await listAttributes(services(), {});
    expect(page.data.length).toBe(27);
    expect(page.data.find((a) => a.code === "imax")).toEqual({
      code: "imax",
      category: "format",
      names: expect.objectContaining({ en: "IMAX", nl: "IMAX" }),
    });
    const keys = page.data.map((a) => `${a.category} ${a.code}`);
    expect(keys).toEqual([...keys].sort());
    const subtitles = await listAttributes(services(), { category: "subtitles" });
    expect(subtitles.data.every((a) => a.category === "subtitles")).toBe(true);
    const first = await listAttributes(services(), { limit: 10 });
    const rest = await listAttributes(services(), { cursor: first.pagination.next_cursor! });
    expect([...first.data, ...rest.data]).toEqual(page.data);
  });

  it("knows the codes, also one added a moment ago", async () => {
    await expect(requireKnownAttributes(db().db, ["imax", "ov"])).resolves.toBeUndefined();
    await expect(requireKnownAttributes(db().db, ["smell-o-vision"])).rejects.toMatchObject({
      code: "invalid_input",
      values: { code: "smell-o-vision" },
    });
    await db().db.execute(
      `insert into attributes (code, category, names) values ('smell-o-vision', 'format', '{"en":"Smell-O-Vision"}')`,
    );
    await expect(requireKnownAttributes(db().db, ["smell-o-vision"])).resolves.toBeUndefined();
  });
});
