// What uploads need in tests: the real image renderer (its own process, closed when the test file's
// process exits) and in-memory upload limits.
import { afterAll } from "vitest";
import type { Database } from "../../db/client.ts";
import { createAuthLimits } from "../auth/limits.ts";
import { createImageRenderer, type ImageRenderer } from "./image-renderer.ts";
import type { UploadServices } from "./upload-asset.ts";

let shared: ImageRenderer | undefined;

/** One renderer per test file. */
export function testImageRenderer(): ImageRenderer {
  if (!shared) {
    const renderer = createImageRenderer();
    shared = renderer;
    afterAll(() => renderer.close());
  }
  return shared;
}

export function uploadServices(db: Database): UploadServices {
  return { db, images: testImageRenderer(), accounts: { limits: createAuthLimits() } };
}
