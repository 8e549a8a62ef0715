// /films/{slug}/follow: "Tell me when showtimes appear" for one film (the film page links here; the show
// page carries the same form). GET shows the form; POST subscribes and shows the neutral answer.
import { data as response, Link } from "react-router";
import { servicesContext } from "../../lib/context.ts";
import { useT } from "../../lib/i18n.tsx";
import { filmPagePath } from "../../lib/public-paths.ts";
import { requestLocale } from "../../lib/request-locale.server.ts";
import type { Route } from "./+types/follow.ts";
import { FollowForm } from "./follow-form.tsx";
import { follow, followedFilm, initialFollowState } from "./follow.server.ts";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const film = await followedFilm(context.get(servicesContext), params.slug, requestLocale(request));
  if (!film) throw response(null, { status: 404 });
  return { film, state: initialFollowState(new URL(request.url)) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const locale = requestLocale(request);
  const film = await followedFilm(services, params.slug, locale);
  if (!film) throw response(null, { status: 404 });
  const { state, status } = await follow(services, request, film.slug, locale);
  return response({ state }, { status });
}

export function meta() {
  return [{ name: "robots", content: "noindex" }];
}

export default function FollowPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { film } = loaderData;
  return (
    <main className="mx-auto max-w-3xl px-4 py-6">
      <h1 className="text-2xl font-bold tracking-tight">{t("follow.pageTitle", { film: film.title })}</h1>
      <p className="mt-2">
        <Link to={filmPagePath(film.slug)} className="underline">
          {film.title}
        </Link>
      </p>
      <FollowForm film={film.title} slug={film.slug} state={actionData?.state ?? loaderData.state} />
    </main>
  );
}
