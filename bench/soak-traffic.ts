// The soak's traffic: the kinds of call it makes (the public API cached and uncached, the change feed,
// pages, the widget, sign-ins), the mix they are drawn from, and the probe that makes each kind once on
// every instance before the run.
import { randomInt } from "node:crypto";
import { type Answer, excerpt, type Sender } from "./soak-sender.ts";
import type { SoakClient, SoakData } from "./soak-seed.ts";
import { SoakError, WIDGET_ORIGIN } from "./soak-settings.ts";
import { type Group, isGood } from "./soak-stats.ts";

const pick = <T>(items: readonly T[]): T => items[randomInt(items.length)]!;

export class Traffic {
  private uncached = 0;
  /** one change-feed position per client: each follows its own cursor */
  private readonly changeCursors = new Map<string, string>();
  private readonly cachedApiPaths: string[];
  private readonly sender: Sender;
  private readonly data: SoakData;
  private readonly startedAt: Date;

  constructor(sender: Sender, data: SoakData, startedAt: Date) {
    this.sender = sender;
    this.data = data;
    this.startedAt = startedAt;
    const from = new Date(Math.floor(startedAt.getTime() / 60_000) * 60_000 - 3_600_000);
    const to = new Date(from.getTime() + 24 * 3_600_000);
    const city = encodeURIComponent(data.places[0]!.city.toLowerCase());
    this.cachedApiPaths = [
      `/api/v1/showtimes?city=${city}&from=${from.toISOString()}&to=${to.toISOString()}`,
      "/api/v1/showtimes",
      "/api/v1/movies",
      `/api/v1/cinemas?city=${encodeURIComponent(data.places[1]?.city ?? data.places[0]!.city)}`,
      "/api/v1/cities",
      "/api/v1/countries",
      "/api/v1/attributes",
      "/api/v1/chains",
    ];
    const since = new Date(startedAt.getTime() - 2 * 86_400_000).toISOString();
    for (const client of data.clients) this.changeCursors.set(client.id, since);
  }

  private api(path: string, group: Group, client: SoakClient) {
    return this.sender.send(this.sender.next(), {
      group,
      path,
      client,
      headers: { accept: "application/json", authorization: `Bearer ${client.secret}` },
    });
  }

  cachedApi() {
    return this.api(pick(this.cachedApiPaths), "api cached", pick(this.data.clients));
  }

  /** A distinct query each time (a moment one millisecond on, or coordinates of their own): no cache answers. */
  uncachedApi() {
    const n = this.uncached++;
    const client = pick(this.data.clients);
    if (n % 2 === 0) {
      const from = new Date(this.startedAt.getTime() - 3_600_000 + n);
      const to = new Date(from.getTime() + 24 * 3_600_000);
      const city = encodeURIComponent(pick(this.data.places).city.toLowerCase());
      return this.api(
        `/api/v1/showtimes?city=${city}&from=${from.toISOString()}&to=${to.toISOString()}`,
        "api uncached",
        client,
      );
    }
    const { latitude, longitude } = pick(this.data.coordinates);
    const jitter = () => (randomInt(-5000, 5000) / 1_000_000).toFixed(6);
    return this.api(
      `/api/v1/showtimes?near=${(latitude + Number(jitter())).toFixed(6)},${(longitude + Number(jitter())).toFixed(6)}&radius=15`,
      "api uncached",
      client,
    );
  }

  /** A client syncing: the change feed from its last cursor (the first call: two days back). */
  async changeFeed() {
    const client = pick(this.data.clients);
    const since = this.changeCursors.get(client.id)!;
    const answer = await this.api(
      `/api/v1/changes?since=${encodeURIComponent(since)}&limit=100`,
      "change feed",
      client,
    );
    if (answer.status === 200) {
      const next = (JSON.parse(answer.body.toString("utf8")) as { pagination?: { next_cursor?: string } })
        .pagination?.next_cursor;
      if (next) this.changeCursors.set(client.id, next);
    }
    return answer;
  }

  private page(path: string, group: Group) {
    return this.sender.send(this.sender.next(), {
      group,
      path,
      headers: { accept: "text/html", "accept-encoding": "br, gzip" },
    });
  }

  home() {
    return this.page(
      randomInt(2) === 0 ? "/" : `/?city=${encodeURIComponent(pick(this.data.places).city)}`,
      "home page",
    );
  }

  film() {
    return this.page(`/films/${pick(this.data.filmSlugs)}`, "film page");
  }

  cinema() {
    return this.page(`/cinemas/${pick(this.data.cinemaSlugs)}`, "cinema page");
  }

  widgetScript() {
    return this.sender.send(this.sender.next(), {
      group: "widget script",
      path: "/widget/v1/reeltime.js",
      headers: { "accept-encoding": "br, gzip", referer: `${WIDGET_ORIGIN}/` },
    });
  }

  /** What the widget asks for: one listing day of a city, with the client's publishable key. */
  widgetShowtimes() {
    const client = pick(this.data.clients);
    const day = new Date(Date.now() + randomInt(3) * 86_400_000).toISOString().slice(0, 10);
    const city = encodeURIComponent(pick(this.data.places).city);
    return this.sender.send(this.sender.next(), {
      group: "widget showtimes",
      path: `/api/v1/showtimes?city=${city}&from=${day}&to=${day}&locale=en&limit=200`,
      client,
      headers: { "x-api-key": client.publishable, origin: WIDGET_ORIGIN, accept: "*/*" },
    });
  }

  widgetEvents() {
    const client = pick(this.data.clients);
    return this.sender.send(this.sender.next(), {
      group: "widget events",
      method: "POST",
      path: "/api/v1/widget/events",
      headers: { "content-type": "text/plain;charset=UTF-8", origin: WIDGET_ORIGIN },
      body: JSON.stringify({ key: client.publishable, impressions: randomInt(1, 20), clicks: randomInt(3) }),
    });
  }

  /**
   * A person signing in on one instance, opening the studio and signing out on the other (one session,
   * both instances). Each from an address of its own, sent as a proxy on loopback would (the instances
   * trust loopback): the per-address sign-in limit counts visitors, not this one machine.
   */
  async signIn() {
    const account = pick(this.data.accounts);
    const address = `10.${randomInt(1, 255)}.${randomInt(1, 255)}.${randomInt(1, 255)}`;
    const first = this.sender.next();
    const answer = await this.sender.send(first, {
      group: "sign-in",
      method: "POST",
      path: "/api/auth/sign-in/email",
      headers: { "content-type": "application/json", origin: first.url, "x-forwarded-for": address },
      body: JSON.stringify({ email: account.email, password: account.password }),
    });
    if (answer.status !== 200) return answer;
    const setCookie = answer.headers["set-cookie"];
    const cookie = (Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [])
      .map((c) => c.split(";")[0])
      .join("; ");
    const second = this.sender.next();
    const headers = { cookie, "x-forwarded-for": address };
    const studio = await this.sender.send(second, {
      group: "studio signed in",
      path: "/studio",
      headers: { ...headers, accept: "text/html", "accept-encoding": "br, gzip" },
    });
    await this.sender.send(second, {
      group: "sign-out",
      method: "POST",
      path: "/api/auth/sign-out",
      headers: { ...headers, "content-type": "application/json", origin: second.url },
      body: "{}",
    });
    return studio;
  }

  /** The mix: relative weights (a sign-in is three requests and a password hash). */
  private readonly mix: [number, () => Promise<Answer>][] = [
    [28, () => this.cachedApi()],
    [14, () => this.uncachedApi()],
    [6, () => this.changeFeed()],
    [12, () => this.home()],
    [8, () => this.film()],
    [8, () => this.cinema()],
    [3, () => this.widgetScript()],
    [10, () => this.widgetShowtimes()],
    [4, () => this.widgetEvents()],
    [0.5, () => this.signIn()],
  ];

  mixText() {
    const total = this.mix.reduce((sum, [w]) => sum + w, 0);
    const names = [
      "API cached",
      "API uncached",
      "change feed",
      "home",
      "film page",
      "cinema page",
      "widget script",
      "widget showtimes",
      "widget events",
      "sign-in → studio → sign-out",
    ];
    return this.mix.map(([w], i) => `${names[i]} ${((100 * w) / total).toFixed(1)}%`).join(", ");
  }

  step() {
    const total = this.mix.reduce((sum, [w]) => sum + w, 0);
    let roll = Math.random() * total;
    for (const [weight, run] of this.mix) {
      roll -= weight;
      if (roll < 0) return run();
    }
    return this.mix[0]![1]();
  }

  /** Every kind of call once on each instance: a path or parameter the server refuses ends the soak first. */
  async probe() {
    const checks: [string, () => Promise<Answer>][] = [
      ...this.cachedApiPaths.map((p): [string, () => Promise<Answer>] => [
        p,
        () => this.api(p, "api cached", this.data.clients[0]!),
      ]),
      ["uncached showtimes (city, from)", () => this.uncachedApi()],
      ["uncached showtimes (near)", () => this.uncachedApi()],
      ["change feed", () => this.changeFeed()],
      ["home", () => this.home()],
      ["widget script", () => this.widgetScript()],
      ["widget showtimes", () => this.widgetShowtimes()],
      ["widget events", () => this.widgetEvents()],
      ["sign-in, studio, sign-out", () => this.signIn()],
    ];
    for (let round = 0; round < this.sender.instances.length; round++) {
      for (const [label, run] of checks) {
        const answer = await run();
        if (!isGood(answer.status))
          throw new SoakError(`probe "${label}" answered ${answer.status}: ${excerpt(answer)}`);
      }
    }
    // Films and cinemas with showtimes to come whose page answers (a hidden one would answer 404).
    const keep = async (slugs: string[], prefix: string) => {
      const kept: string[] = [];
      for (const slug of slugs) {
        const answer = await this.sender.send(this.sender.instances[0]!, {
          group: "film page",
          path: `${prefix}${slug}`,
          headers: { accept: "text/html" },
        });
        if (answer.status === 200) kept.push(slug);
      }
      if (kept.length === 0) throw new SoakError(`no ${prefix}… page answered 200`);
      return kept;
    };
    this.data.filmSlugs = await keep(this.data.filmSlugs, "/films/");
    this.data.cinemaSlugs = await keep(this.data.cinemaSlugs, "/cinemas/");
  }
}
