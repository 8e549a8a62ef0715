// A client's web site for the widget specs: a tiny node:http server on its own loopback port (a second
// origin beside the e2e server) answering the pages a spec gives it, with the widget's snippet pointing
// at the e2e server, as a client copies it from the documentation; and the demo data a spec shows.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { widgetSnippet as builderSnippet } from "../../../app/routes/studio/documentation-snippet.ts";
import { demoApiKey } from "../studio/support.ts";

/** The e2e server's origin, as playwright.config.ts chooses it (workers inherit the environment). */
export function reeltimeOrigin(): string {
  const origin = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${process.env.E2E_PORT}`;
  return new URL(origin).origin;
}

export type Snippet = {
  key: string;
  /** one cinema's id, or a city's name (`city` wins) */
  cinema?: string;
  city?: string;
  /** first day of the strip (YYYY-MM-DD) */
  date?: string;
  /** data-locale: any BCP 47 tag or locale code (the builder offers en and nl; others are written in) */
  locale?: string;
  theme?: "light" | "dark";
  utmCampaign?: string;
};

const escape = (value: string) =>
  value.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] ?? c);

/**
 * The embed snippet exactly as the studio's snippet builder writes it (/studio/documentation), plus the
 * first day of the strip: the builder leaves the day to the visitor's today, and a spec that runs late in
 * the evening needs a day whose shows are all ahead.
 */
export function widgetSnippet(snippet: Snippet, origin = reeltimeOrigin()): string {
  const offered = snippet.locale === "en" || snippet.locale === "nl" ? snippet.locale : "";
  const built = builderSnippet(origin, {
    key: snippet.key,
    filter: snippet.city
      ? { kind: "city", value: snippet.city }
      : { kind: "cinema", value: snippet.cinema ?? "" },
    theme: snippet.theme ?? "auto",
    locale: offered,
    accent: "",
    utmCampaign: snippet.utmCampaign ?? "",
  });
  const extra = [
    snippet.date ? ` data-date="${escape(snippet.date)}"` : "",
    snippet.locale && !offered ? ` data-locale="${escape(snippet.locale)}"` : "",
  ].join("");
  return built.replace("<div data-reeltime", `<div data-reeltime${extra}`);
}

/** An accessible host page around `body` (lang, by default "en"; title; a main landmark with a heading). */
export function hostDocument(options: { title: string; head?: string; body: string; lang?: string }): string {
  return `<!doctype html>
<html lang="${escape(options.lang ?? "en")}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(options.title)}</title>
${options.head ?? ""}
</head>
<body>
<main>
<h1>${escape(options.title)}</h1>
${options.body}
</main>
</body>
</html>`;
}

export type HostSite = {
  port: number;
  /** http://<host>:<port> for a host name that resolves to 127.0.0.1 (127.0.0.1 by default) */
  url: (pathname?: string, host?: string) => string;
  /** serves `html` at `pathname` from now on, with `headers` (e.g. a Content-Security-Policy) */
  setPage: (pathname: string, html: string, headers?: Record<string, string>) => void;
  close: () => Promise<void>;
};

/** Starts the client's site on a free 127.0.0.1 port; unknown paths answer 404. */
export async function startHostSite(pages: Record<string, string> = {}): Promise<HostSite> {
  const served = new Map(Object.entries(pages));
  const extraHeaders = new Map<string, Record<string, string>>();
  const server = createServer((request, response) => {
    const pathname = new URL(request.url ?? "/", "http://host.invalid").pathname;
    const html = served.get(pathname);
    if (html === undefined) {
      response.writeHead(pathname === "/favicon.ico" ? 204 : 404, { "Content-Type": "text/plain" });
      response.end();
      return;
    }
    response.writeHead(200, {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      ...extraHeaders.get(pathname),
    });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (pathname = "/", host = "127.0.0.1") => `http://${host}:${port}${pathname}`,
    setPage: (pathname, html, headers = {}) => {
      served.set(pathname, html);
      extraHeaders.set(pathname, headers);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type ApiShowtime = {
  id: string;
  cinema: { id: string; name: string; city: string };
  title: string;
  starts_at: string;
  attributes: string[];
  attribute_names: Record<string, string>;
  booking_url: string | null;
  booking_url_kind: "showtime" | "cinema" | null;
  bookable: boolean;
  availability: "available" | "few-left" | "sold-out" | "unknown";
};

/** Tomorrow as the Dutch cinemas' listing day (it starts at 03:00): every show of it is still ahead. */
export function amsterdamTomorrow(): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Amsterdam" }).format(
    new Date(Date.now() - 3 * 3600_000),
  );
  return new Date(Date.parse(`${today}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** Every showtime the API lists for `query`, with the demo client's secret key (all pages). */
export async function listShowtimes(query: string): Promise<ApiShowtime[]> {
  const rows: ApiShowtime[] = [];
  let cursor: string | null = null;
  do {
    const url = new URL(`/api/v1/showtimes?${query}&limit=200`, reeltimeOrigin());
    if (cursor) url.searchParams.set("cursor", cursor);
    const response = await fetch(url, { headers: { Authorization: `Bearer ${demoApiKey("secret")}` } });
    if (!response.ok) throw new Error(`GET ${url.pathname}${url.search}: ${response.status}`);
    const body = (await response.json()) as {
      data: ApiShowtime[];
      pagination: { next_cursor: string | null };
    };
    rows.push(...body.data);
    cursor = body.pagination.next_cursor;
  } while (cursor);
  return rows;
}

/** An Amsterdam demo cinema with a bookable show on `date`, and all its showtimes that day. */
export async function demoCinema(date: string) {
  const city = await listShowtimes(`city=amsterdam&from=${date}&to=${date}`);
  // A cinema whose links lead to the show itself, so that its panel reads "Book at {cinema}".
  const bookable = city.find(
    (row) => row.booking_url && row.booking_url_kind === "showtime" && row.availability !== "sold-out",
  );
  if (!bookable)
    throw new Error(`the demo data has no show in Amsterdam on ${date} with its own booking link`);
  const showtimes = await listShowtimes(`cinema=${bookable.cinema.id}&from=${date}&to=${date}`);
  return { cinema: bookable.cinema, showtimes };
}
