// The image renderer's process (started by image-renderer.ts): renders one image at a time, as asked over
// IPC, and answers with the result. It may be killed at any moment when a render takes too long.
import sharp from "sharp";
import type { AssetMimeType } from "./asset-schemas.ts";
import { renderImage } from "./render-image.ts";

type Job = { id: number; bytes: Uint8Array; mimeType: AssetMimeType };

// One render at a time, on few threads: this process exists to be bounded.
sharp.concurrency(1);
sharp.cache(false);

process.on("message", (message: Job) => {
  void renderImage(message.bytes, message.mimeType).then(
    (image) => process.send?.({ id: message.id, image }),
    () => process.send?.({ id: message.id, image: null }),
  );
});
process.on("disconnect", () => process.exit(0));
