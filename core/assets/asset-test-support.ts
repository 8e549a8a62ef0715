// What uploads need in tests: the real image renderer (its own process, closed when the test file's
// process exits) and in-memory upload limits.
import { afterAll } from "vitest";
import type { Database } from "../../db/client.ts";
import { type AuthLimits, createAuthLimits } from "../auth/limits.ts";
import type { AccountServices } from "../services.ts";
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

/** The account services of a test: in-memory limits, no bootstrap super admins, nothing to close. */
export function testAccountServices(limits: AuthLimits = createAuthLimits()): AccountServices {
  return { limits, superAdminEmails: [], close: async () => {} };
}

export function uploadServices(db: Database): UploadServices {
  return { db, images: testImageRenderer(), accounts: testAccountServices() };
}
