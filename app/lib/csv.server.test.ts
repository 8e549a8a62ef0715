import { describe, expect, it } from "vitest";
import { csvField, toCsv } from "../../core/shared/csv.ts";
import { allRows } from "./csv.server.ts";

describe("CSV export", () => {
  it("quotes fields with commas, quotes and line breaks, and keeps formulas as text", () => {
    expect(csvField("Pathé, Noord")).toBe('"Pathé, Noord"');
    expect(csvField('Say "hi"')).toBe('"Say ""hi"""');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField("+31 20 123")).toBe("'+31 20 123");
    expect(csvField("-1")).toBe("-1"); // a number is no formula: the data stays a number
    expect(csvField("-1+1")).toBe("'-1+1");
    expect(csvField(-1)).toBe("-1");
    expect(csvField(true)).toBe("yes");
    expect(csvField(true, { booleans: "literals" })).toBe("true");
    expect(csvField({ a: [1] })).toBe('"{""a"":[1]}"');
    expect(csvField(" padded")).toBe('" padded"');
    expect(csvField(null)).toBe("");
    expect(csvField(new Date("2026-11-22T10:00:00Z"))).toBe("2026-11-22T10:00:00.000Z");
  });

  it("writes a header row and CRLF line ends", () => {
    expect(toCsv(["a", "b"], [[1, "x"]])).toBe("a,b\r\n1,x\r\n");
  });

  it("reads every page of a listing", async () => {
    const data = Array.from({ length: 450 }, (_, i) => i);
    const rows = await allRows(async (page, pageSize) => ({
      rows: data.slice((page - 1) * pageSize, page * pageSize),
      total: data.length,
      page,
      pageSize,
    }));
    expect(rows).toEqual(data);
  });
});
