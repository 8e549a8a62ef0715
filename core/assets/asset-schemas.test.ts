import { describe, expect, it } from "vitest";
import { formatBytes } from "./asset-schemas.ts";

describe("formatBytes", () => {
  it("writes a size with the language's decimal sign and unit names", () => {
    expect(formatBytes(10 * 1024 * 1024)).toBe("10 MB");
    expect(formatBytes(1.4 * 1024 * 1024, "de")).toBe("1,4 MB");
    expect(formatBytes(1.4 * 1024 * 1024, "fr")).toBe("1,4\u202fMo");
    expect(formatBytes(820 * 1024, "en")).toBe("820 kB");
    expect(formatBytes(512, "de")).toBe("512 Byte");
  });
});
