// Part (j): the image upload that stalled the service (#21, finding 1). Four editors' uploads of the
// 200-byte feMorphology SVG at once, through the real built server, and a sign-in while they run, beside the
// same sign-in on an idle server. Before the fix the render ran on the server's own thread pool and that
// sign-in took 73.6 s; what counts is the sign-in's time during the uploads and each upload's end.
import { randomBytes } from "node:crypto";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { openPglite } from "../db/client.ts";
import { seedDemoAccounts } from "../db/seed/seed-demo-accounts.ts";
import { type RunningServer, startBuiltServer } from "./server.ts";
import { formatMs, median } from "./stats.ts";

export const MORPHOLOGY_SVG =
  '<svg width="3000" height="3000"><filter id="f"><feMorphology operator="dilate" radius="300"/></filter>' +
  '<rect width="3000" height="3000" filter="url(#f)"/></svg>';

export type UploadFigures = {
  idleSignInMs: number[];
  busySignInMs: number;
  uploads: { status: number; ms: number }[];
};

type Account = { email: string; password: string };

async function signIn(server: RunningServer, account: Account, address: string) {
  const started = performance.now();
  const response = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url, "x-forwarded-for": address },
    body: JSON.stringify(account),
  });
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { ms, cookie };
}

async function upload(server: RunningServer, cookie: string) {
  const form = new FormData();
  form.set("intent", "upload");
  form.set("kind", "logo");
  form.set("file", new Blob([MORPHOLOGY_SVG], { type: "image/svg+xml" }), "bomb.svg");
  const started = performance.now();
  const response = await fetch(`${server.url}/studio/assets`, {
    method: "POST",
    headers: { cookie, origin: server.url },
    body: form,
    redirect: "manual",
  });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

export async function benchUploads(workDir: string): Promise<UploadFigures> {
  const dataDir = path.join(workDir, "uploads");
  await mkdir(dataDir, { recursive: true });
  const env = {
    DATA_DIR: dataDir,
    AUTH_SECRET: randomBytes(32).toString("hex"),
    SEED_DEMO: "false",
    TRUSTED_PROXIES: "loopback",
  };
  const logFile = path.join(workDir, "server-uploads.log");
  // The first start migrates; the accounts are then written straight into the database.
  await (await startBuiltServer({ env, logFile })).stop();
  const database = await openPglite({ dataDir: path.join(dataDir, "db") });
  const accounts = await seedDemoAccounts(database.db);
  await database.close();
  const editor = accounts.find((a) => a.role === "editor")!;
  const admin = accounts.find((a) => a.role === "admin")!;

  const server = await startBuiltServer({ env, logFile });
  try {
    const idleSignInMs: number[] = [];
    for (let i = 0; i < 5; i++) idleSignInMs.push((await signIn(server, admin, `10.0.1.${i}`)).ms);
    // Four uploads in flight (each from its own session, as four editors would), then a sign-in.
    const sessions = await Promise.all([1, 2, 3, 4].map((i) => signIn(server, editor, `10.0.2.${i}`)));
    const uploads = sessions.map((s) => upload(server, s.cookie));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const busy = await signIn(server, admin, "10.0.3.1");
    const finished = await Promise.all(uploads);
    return { idleSignInMs, busySignInMs: busy.ms, uploads: finished };
  } finally {
    await server.stop();
  }
}

export function uploadsReport(figures: UploadFigures): string {
  const idle = median(figures.idleSignInMs);
  const slowest = Math.max(...figures.uploads.map((u) => u.ms));
  return [
    "Four concurrent uploads of the 200-byte feMorphology SVG (each editor's own session), real built server:",
    `  sign-in during the uploads: ${formatMs(figures.busySignInMs)}  (idle server, median of 5: ${formatMs(idle)}; ` +
      `×${(figures.busySignInMs / idle).toFixed(1)}; target ≤ 3 s)`,
    `  uploads: ${figures.uploads.map((u) => `${u.status} in ${formatMs(u.ms)}`).join(", ")}; the slowest ${formatMs(slowest)}`,
  ].join("\n");
}
