import { describe, expect, it } from "vitest";
import { FEED_FORMATS } from "../feed.ts";
import { adapterFor } from "./adapter-for-format.ts";

describe("adapterFor", () => {
  it("gives every stored format the adapter that reads it", () => {
    for (const format of FEED_FORMATS) expect(adapterFor(format).format).toBe(format);
  });
});
