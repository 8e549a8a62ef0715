// Issue 25 point 7: a form sent with nothing chosen in a select says what to choose, not "Not a valid id.".
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { mergeAttributesSchema, mergeChainsSchema } from "../catalog/catalog-schemas.ts";
import { recordPurchaseSchema } from "../credits/credit-schemas.ts";
import { runFeedSchema } from "../tools/tool-schemas.ts";
import { chosenIdSchema } from "./fields.ts";

const ID = "0195f1a2-7c3d-7e4f-8a5b-6c7d8e9f0a1b";
const OTHER = "0195f1a2-7c3d-7e4f-8a5b-6c7d8e9f0a1c";

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

/** The errors conform reports for a posted form, as the studio's forms parse it (app/lib/forms.ts). */
function errorsOf(schema: Parameters<typeof parseWithZod>[1]["schema"], fields: Record<string, string>) {
  const submission = parseWithZod(form(fields), { schema });
  return submission.status === "error" ? submission.error : {};
}

describe("chosenIdSchema", () => {
  it("says what to choose when nothing is chosen, and still refuses what is not an id", () => {
    const schema = chosenIdSchema("validation.choose.feed");
    for (const empty of [undefined, ""]) {
      const result = schema.safeParse(empty);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe("validation.choose.feed");
    }
    expect(schema.safeParse("not-an-id").error?.issues[0]?.message).toBe("validation.idInvalid");
    expect(schema.parse(ID)).toBe(ID);
  });

  it.each([
    ["run a feed", runFeedSchema, {}, "sourceId", "validation.choose.feed"],
    [
      "record a purchase",
      recordPurchaseSchema,
      { credits: "100", price: "10" },
      "clientId",
      "validation.choose.client",
    ],
    [
      "merge attributes",
      mergeAttributesSchema,
      { sourceId: ID, name: "x" },
      "targetId",
      "validation.choose.attribute",
    ],
    ["merge chains", mergeChainsSchema, { sourceId: ID, name: "x" }, "targetId", "validation.choose.chain"],
  ] as const)("%s sent with nothing chosen names what to choose", (_, schema, fields, field, message) => {
    expect(errorsOf(schema, { ...fields, [field]: "" })?.[field]).toEqual([message]);
    expect(errorsOf(schema, fields)?.[field]).toEqual([message]);
    expect(errorsOf(schema, { ...fields, [field]: "x" })?.[field]).toEqual(["validation.idInvalid"]);
    expect(errorsOf(schema, { ...fields, [field]: OTHER })?.[field]).toBeUndefined();
  });
});
