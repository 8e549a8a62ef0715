import { createHash } from "node:crypto";

/** The SHA-256 of bytes, hex: how stored variants and uploads are named and compared. */
export const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
