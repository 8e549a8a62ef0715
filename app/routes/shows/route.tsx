// /shows/{id}: one show's page. The film, the cinema and its address, the local date, start and end (and how
// the end is known), the kind of show, price and seats; "Book at {cinema}" or "Tickets at the box office";
// "Add to calendar" as an .ics file and a Google Calendar link. Server-rendered; works without JavaScript.
import { CalendarPlus, ExternalLink, Ticket } from "lucide-react";
import { data as response, Link } from "react-router";
import { servicesContext } from "../../lib/context.ts";
import { useT } from "../../lib/i18n.tsx";
import { publicPageMeta } from "../../lib/page-meta.ts";
import { requestLocale } from "../../lib/request-locale.server.ts";
import type { Route } from "./+types/route.ts";
import { FollowForm } from "./follow-form.tsx";
import { loadShowPage } from "./show-page.server.ts";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const page = await loadShowPage(context.get(servicesContext), params.id, requestLocale(request));
  // Unknown, not public or over: the error screen's "Page not found" with status 404.
  if (!page) throw response(null, { status: 404 });
  return page;
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  return publicPageMeta(matches, location, loaderData);
}

type Data = Route.ComponentProps["loaderData"];

export default function ShowPage({ loaderData: data }: Route.ComponentProps) {
  const t = useT();
  const facts = [
    data.film.year,
    data.film.runtimeMinutes ? t("home.runtime", { minutes: data.film.runtimeMinutes }) : null,
  ].filter(Boolean);
  return (
    <main className="mx-auto max-w-3xl px-4 py-6">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
        {data.filmPath ? (
          <Link to={data.filmPath} className="hover:underline">
            {data.film.title}
          </Link>
        ) : (
          data.film.title
        )}
      </h1>
      {facts.length ? (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{facts.join(" · ")}</p>
      ) : null}

      <dl className="mt-6 grid gap-4 sm:grid-cols-2">
        <div>
          <dt className="text-sm font-semibold text-slate-600 dark:text-slate-400">{t("show.when")}</dt>
          <dd className="mt-1">
            <p className="font-medium">{data.date}</p>
            <p className="text-lg font-semibold">
              <time dateTime={data.startIso}>{data.start}</time>
              {" – "}
              <time dateTime={data.endIso}>{data.end}</time>
            </p>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{data.endNote}</p>
            {data.started ? <p className="mt-1 text-sm font-medium">{t("home.started")}</p> : null}
          </dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-slate-600 dark:text-slate-400">{t("show.where")}</dt>
          <dd className="mt-1">
            <p className="font-medium">
              <Link to={data.cinemaPath} className="hover:underline">
                {data.cinema.name}
              </Link>
            </p>
            <address className="not-italic text-sm">{data.cinema.location}</address>
            {data.auditorium ? (
              <p className="text-sm">{t("show.auditorium", { auditorium: data.auditorium })}</p>
            ) : null}
          </dd>
        </div>
      </dl>

      <ShowFacts data={data} />
      <Booking data={data} />
      <CalendarLinks data={data} />
      {data.follow ? (
        <FollowForm film={data.film.title} slug={data.follow.slug} state={data.follow.state} />
      ) : null}
    </main>
  );
}

function ShowFacts({ data }: { data: Data }) {
  const t = useT();
  const availability =
    data.availability === "sold-out"
      ? t("availability.soldOut")
      : data.availability === "few-left"
        ? t("availability.fewLeft")
        : data.seatsAvailable !== null
          ? t("home.seatsLeft", { available: data.seatsAvailable })
          : null;
  if (!data.badges.length && !data.price && !availability) return null;
  return (
    <div className="mt-6 space-y-2">
      {data.badges.length ? (
        <ul className="flex flex-wrap gap-2">
          {data.badges.map((badge) => (
            <li
              key={badge.code}
              className="rounded border border-slate-300 px-2 py-0.5 text-xs font-medium dark:border-slate-600"
            >
              {badge.name}
            </li>
          ))}
        </ul>
      ) : null}
      {data.price ? <p>{t("show.price", { price: data.price })}</p> : null}
      {availability ? <p className="font-medium">{availability}</p> : null}
    </div>
  );
}

function Booking({ data }: { data: Data }) {
  const t = useT();
  if (!data.booking) {
    return (
      <section className="mt-6 rounded-lg border border-slate-300 p-4 dark:border-slate-600">
        <p className="flex items-center gap-2 text-lg font-semibold">
          <Ticket aria-hidden="true" className="size-5" />
          {t("show.boxOffice")}
        </p>
        <p className="mt-1 text-sm">{t("show.boxOfficeHint")}</p>
        {data.phone ? (
          <p className="mt-1 text-sm">
            <a href={`tel:${data.phone.replace(/[^+\d]/g, "")}`} className="underline">
              {data.phone}
            </a>
          </p>
        ) : null}
      </section>
    );
  }
  return (
    <section className="mt-6">
      <a
        href={data.booking.url}
        rel="noopener"
        className="inline-flex items-center gap-2 rounded-lg bg-rose-700 px-5 py-3 text-lg font-semibold text-white hover:bg-rose-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2"
      >
        {t("home.bookAt", { cinema: data.cinema.name })}
        <ExternalLink aria-hidden="true" className="size-5" />
      </a>
      {data.booking.atSite ? <p className="mt-2 text-sm">{t("show.bookAtSiteHint")}</p> : null}
    </section>
  );
}

function CalendarLinks({ data }: { data: Data }) {
  const t = useT();
  return (
    <section aria-labelledby="calendar-heading" className="mt-8">
      <h2 id="calendar-heading" className="flex items-center gap-2 text-lg font-semibold">
        <CalendarPlus aria-hidden="true" className="size-5" />
        {t("show.addToCalendar")}
      </h2>
      <ul className="mt-2 flex flex-wrap gap-3">
        <li>
          <a
            href={data.icsPath}
            download
            className="inline-block rounded border border-slate-400 px-3 py-2 font-medium hover:bg-slate-100 dark:hover:bg-slate-800"
          >
            {t("show.downloadIcs")}
          </a>
        </li>
        <li>
          <a
            href={data.googleUrl}
            rel="noopener"
            className="inline-block rounded border border-slate-400 px-3 py-2 font-medium hover:bg-slate-100 dark:hover:bg-slate-800"
          >
            {t("show.googleCalendar")}
          </a>
        </li>
      </ul>
    </section>
  );
}
