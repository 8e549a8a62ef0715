// ../shared/data (beside the checkout on CI's machine, absent in a plain clone) holds captures the
// project may not copy (SOURCES.md: feeds/unlicensed/). Tests that read them run only where it exists;
// the global setup says once per run when they do not.
import { existsSync } from "node:fs";
import path from "node:path";

export const SHARED_DATA = path.resolve(import.meta.dirname, "../../../shared/data");
export const hasSharedData = existsSync(path.join(SHARED_DATA, "feeds"));

export const sharedDataFile = (...parts: string[]) => path.join(SHARED_DATA, ...parts);

export const SHARED_DATA_NOTE =
  "../shared/data is not beside this checkout: the tests that read its unlicensed feed captures " +
  "(schema-org, vista-ocapi, shared-samples) do not run; the project's own samples cover the same shapes.";
