// Renders untrusted images (uploads, posters from metadata providers) in a child process with a time
// budget. Decoding is native work that JavaScript cannot interrupt: on the server's own libuv thread pool
// a hostile file (an SVG filter, a crafted raster) would stall password hashing, compression and file reads
// for everyone. In its own process it is bounded: one render at a time, a hard deadline after which the
// process is killed (and started afresh for the next), and a short queue beyond which uploads are refused.
import { type ChildProcess, fork } from "node:child_process";
import type { AssetMimeType } from "./asset-schemas.ts";
import type { RenderedImage } from "./render-image.ts";

export type RenderOutcome =
  | { ok: true; image: RenderedImage }
  /** "unreadable": not an image of that type; "too-complex": over the time budget; "busy": the queue is full */
  | { ok: false; reason: "unreadable" | "too-complex" | "busy" };

export type ImageRenderer = {
  render(bytes: Uint8Array, mimeType: AssetMimeType): Promise<RenderOutcome>;
  close(): Promise<void>;
};

export type ImageRendererOptions = {
  /** the longest one render may take before its process is killed (default 10 s) */
  timeoutMs?: number;
  /** renders waiting beyond the running one; more are refused as busy (default 4) */
  maxQueued?: number;
  /** the worker script (default: render-image-worker.ts beside this file) */
  workerPath?: string | URL;
};

type Job = {
  id: number;
  bytes: Uint8Array;
  mimeType: AssetMimeType;
  resolve: (outcome: RenderOutcome) => void;
};

type Reply = { id: number; image: RenderedImage | null };

export function createImageRenderer(options: ImageRendererOptions = {}): ImageRenderer {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxQueued = options.maxQueued ?? 4;
  const workerPath = options.workerPath ?? new URL("./render-image-worker.ts", import.meta.url);
  const queue: Job[] = [];
  let child: ChildProcess | undefined;
  let running: { job: Job; timer: NodeJS.Timeout; worker: ChildProcess } | undefined;
  let nextId = 1;
  let closed = false;

  function finish(outcome: RenderOutcome) {
    if (!running) return;
    clearTimeout(running.timer);
    const { job } = running;
    running = undefined;
    job.resolve(outcome);
    idle();
    startNext();
  }

  function idle() {
    // An idle renderer must not keep the server (or a test) alive.
    child?.unref();
    child?.channel?.unref();
  }

  function spawn(): ChildProcess {
    const started = fork(workerPath, [], {
      serialization: "advanced",
      stdio: ["ignore", "inherit", "inherit", "ipc"],
      // Native decoding uses libuv's pool in that process: keep it small.
      env: { ...process.env, UV_THREADPOOL_SIZE: "2" },
      execArgv: [],
    });
    started.on("message", (reply: Reply) => {
      if (running && reply.id === running.job.id) {
        finish(reply.image ? { ok: true, image: reply.image } : { ok: false, reason: "unreadable" });
      }
    });
    started.on("exit", () => {
      if (child === started) child = undefined;
      // It died mid-render (out of memory, a crash in a decoder): that image is not one we can keep.
      if (running?.worker === started) finish({ ok: false, reason: "unreadable" });
    });
    started.on("error", () => {
      if (child === started) child = undefined;
    });
    return started;
  }

  function startNext() {
    if (running || closed) return;
    const job = queue.shift();
    if (!job) return;
    child ??= spawn();
    child.ref();
    child.channel?.ref();
    const worker = child;
    const timer = setTimeout(() => {
      // Over budget: the render cannot be interrupted, only its process.
      if (child === worker) child = undefined;
      worker.kill("SIGKILL");
      finish({ ok: false, reason: "too-complex" });
    }, timeoutMs);
    running = { job, timer, worker };
    worker.send({ id: job.id, bytes: job.bytes, mimeType: job.mimeType });
  }

  return {
    render(bytes, mimeType) {
      if (closed) return Promise.reject(new Error("image renderer is closed"));
      if (queue.length >= maxQueued) return Promise.resolve({ ok: false, reason: "busy" });
      return new Promise<RenderOutcome>((resolve) => {
        queue.push({ id: nextId++, bytes, mimeType, resolve });
        startNext();
      });
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.resolve({ ok: false, reason: "busy" });
      if (running) finish({ ok: false, reason: "busy" });
      child?.kill("SIGKILL");
      child = undefined;
    },
  };
}
