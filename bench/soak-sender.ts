// Sending the soak's requests: each to an instance's keep-alive pool, timed; once recording has started,
// counted in its route group's figures (a 5xx or no answer kept as a failure, the first refusals of each
// kind as examples); and the credits its answer states (X-Credits-Cost) added to its client's tally.
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { SoakClient } from "./soak-seed.ts";
import type { Instance } from "./soak-instances.ts";
import { type Group, isFailure, isGood, Stats } from "./soak-stats.ts";

export type Call = {
  group: Group;
  method?: "GET" | "POST";
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** the client whose key the call uses: the credits the answer states are added to it */
  client?: SoakClient;
};
export type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** The start of an answer's body as text, decompressed when it came compressed (pages are asked for br). */
export function excerpt(answer: Answer) {
  const encoding = String(answer.headers["content-encoding"] ?? "");
  let body = answer.body;
  try {
    if (encoding === "br") body = brotliDecompressSync(body);
    else if (encoding === "gzip") body = gunzipSync(body);
  } catch {
    return `(${body.length} bytes, ${encoding} that does not decompress)`;
  }
  return body.toString("utf8", 0, 300).replace(/\s+/g, " ");
}

/** The call on `instance`; a connection that fails or times out answers status 0 with the error as body. */
async function request(instance: Instance, call: Call): Promise<Answer> {
  try {
    const response = await instance.pool.request({
      method: call.method ?? "GET",
      path: call.path,
      headers: { "accept-language": "en", ...call.headers },
      body: call.body,
    });
    const body = Buffer.from(await response.body.arrayBuffer());
    return { status: response.statusCode, headers: response.headers, body };
  } catch (error) {
    return {
      status: 0,
      headers: {},
      body: Buffer.from(error instanceof Error ? `${error.name}: ${error.message}` : String(error)),
    };
  }
}

export class Sender {
  /** credits each client's answers stated (X-Credits-Cost), probes included */
  readonly creditsStated = new Map<string, number>();
  readonly stats = new Stats();
  readonly instances: Instance[];
  private turn = 0;
  private recording = false;

  constructor(instances: Instance[]) {
    this.instances = instances;
  }

  /** The next instance: requests alternate between them. */
  next() {
    return this.instances[this.turn++ % this.instances.length]!;
  }

  startRecording() {
    this.recording = true;
    this.stats.started = performance.now();
  }

  async send(instance: Instance, call: Call): Promise<Answer> {
    const started = performance.now();
    const answer = await request(instance, call);
    const micros = (performance.now() - started) * 1000;
    if (call.client) this.addStatedCredits(call.client, answer);
    if (this.recording) this.record(instance, call, micros, answer);
    return answer;
  }

  private addStatedCredits(client: SoakClient, answer: Answer) {
    const cost = Number(answer.headers["x-credits-cost"] ?? 0);
    if (Number.isFinite(cost) && cost > 0)
      this.creditsStated.set(client.id, (this.creditsStated.get(client.id) ?? 0) + cost);
  }

  private record(instance: Instance, call: Call, micros: number, answer: Answer) {
    this.stats.record(call.group, micros, answer.status);
    if (isGood(answer.status)) return;
    const failure = {
      at: performance.now() - this.stats.started,
      instance: instance.name,
      method: call.method ?? "GET",
      path: call.path,
      status: answer.status,
      detail: excerpt(answer),
    };
    if (isFailure(answer.status)) this.stats.failures.push(failure);
    else {
      const key = `${call.group} ${answer.status}`;
      const examples = this.stats.refusals.get(key) ?? [];
      if (examples.length < 3) this.stats.refusals.set(key, [...examples, failure]);
    }
  }
}
