// The stats page's coverage: by country, the cinemas and the showtimes of the next seven days.
import { useChartFormats } from "../../components/studio/chart-formats.ts";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { LinkButton } from "../../components/ui/link-button.tsx";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from "../../components/ui/table.tsx";
import { useDisplayNames } from "../../lib/use-display-names.ts";
import { useT } from "../../lib/i18n.tsx";
import type { Usage } from "./stats-usage.ts";

const COLUMNS = [
  { label: "studio.stats.country", align: "start" },
  { label: "studio.stats.cinemas", align: "end" },
  { label: "studio.stats.showtimesNext7Days", align: "end" },
] as const;

export function Coverage({ data }: { data: Usage }) {
  const t = useT();
  const names = useDisplayNames();
  const f = useChartFormats();
  const platform = data.scope === "platform";
  return (
    <Card>
      <CardHeader>
        <CardTitle id="coverage-title">{t("studio.stats.coverageTitle")}</CardTitle>
        <CardDescription>
          {t(platform ? "studio.stats.coveragePlatform" : "studio.stats.coverageDescription")}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {data.coverage.length === 0 ? (
          <EmptyState
            title={t("studio.stats.coverageEmptyTitle")}
            hint={t("studio.stats.coverageEmptyHint")}
            action={
              <LinkButton to="/studio/data/country-access" variant="outline" size="sm">
                {t("studio.stats.coverageLink")}
              </LinkButton>
            }
          />
        ) : (
          <Table caption={t("studio.stats.coverageTitle")} captionHidden className="max-w-2xl">
            <TableHead>
              <TableRow>
                {COLUMNS.map((column) => (
                  <TableHeaderCell key={column.label} align={column.align}>
                    {t(column.label)}
                  </TableHeaderCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {data.coverage.map((row) => (
                <TableRow key={row.countryCode}>
                  <TableCell>
                    {names.country(row.countryCode, row.countryName)}{" "}
                    <span className="text-slate-600 dark:text-slate-400">({row.countryCode})</span>
                  </TableCell>
                  <TableCell align="end" numeric>
                    {f.count(row.cinemas)}
                  </TableCell>
                  <TableCell align="end" numeric>
                    {f.count(row.showtimesNext7Days)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
