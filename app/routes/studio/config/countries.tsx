import * as List from "../../../components/studio/list-page.tsx";
import { useT } from "../../../lib/i18n.tsx";
import { csvMiddleware } from "../../../lib/list-route.server.ts";
import { titleFrom } from "../../../lib/page-title.ts";
import type { Route } from "./+types/countries.ts";
import { BundlesTab } from "./bundles-tab.tsx";
import { CountriesTab } from "./countries-tab.tsx";
import { CountryTabLinks } from "./countries-tabs.tsx";
import { countriesAction, countriesCsv, loadCountriesPage } from "./countries.server.ts";

export const middleware: Route.MiddlewareFunction[] = csvMiddleware(countriesCsv);
export const meta: Route.MetaFunction = ({ matches }) => [
  { title: titleFrom(matches, "studio.countries.title", "Countries") },
];
export const loader = ({ request, context }: Route.LoaderArgs) => loadCountriesPage(request, context);
export const action = ({ request, context }: Route.ActionArgs) => countriesAction(request, context);

export default function Countries({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <List.ListPage title={t("studio.countries.title")} description={t("studio.countries.description")}>
      <CountryTabLinks current={loaderData.tab} />
      {loaderData.countries ? (
        <CountriesTab data={loaderData.countries} locales={loaderData.locales} />
      ) : null}
      {loaderData.bundles ? <BundlesTab data={loaderData.bundles} choices={loaderData.choices} /> : null}
    </List.ListPage>
  );
}
