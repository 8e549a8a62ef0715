// The widget guide's reference: options, the JavaScript API, events, CSS custom properties, strict CSP
// guidance and troubleshooting. Code examples use the site's public origin and stay untranslated.
import { Link } from "react-router";
import { useId, type ReactNode } from "react";
import {
  CSS_PROPERTIES,
  TROUBLESHOOTING,
  WIDGET_EVENTS,
  WIDGET_OPTIONS,
} from "../../routes/studio/documentation-reference.ts";
import { WIDGET_SCRIPT_PATH } from "../../routes/studio/documentation-snippet.ts";
import { useT } from "../../lib/i18n.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card.tsx";
import { cx } from "../ui/cx.ts";
import { ScrollRegion } from "../ui/scroll-region.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "../ui/table.tsx";

/** A block of code, scrollable sideways (by keyboard too) when it is wider than the card. */
export function CodeBlock({
  code,
  label,
  testId,
  wrap = false,
}: {
  code: string;
  label: string;
  testId?: string;
  /** wrap long lines instead of scrolling sideways (a snippet to read whole) */
  wrap?: boolean;
}) {
  const id = useId();
  return (
    <figure className="min-w-0">
      <figcaption id={id} className="mb-1.5 text-sm font-medium text-slate-700 dark:text-slate-300">
        {label}
      </figcaption>
      <ScrollRegion
        labelledBy={id}
        className="rounded-md border border-slate-300 bg-slate-50 dark:border-slate-700 dark:bg-slate-950"
      >
        <pre
          className={cx(
            "p-3 font-mono text-xs leading-relaxed text-slate-900 dark:text-slate-100",
            wrap && "break-all whitespace-pre-wrap",
          )}
        >
          <code data-testid={testId}>{code}</code>
        </pre>
      </ScrollRegion>
    </figure>
  );
}

/** Inline code; kept on one line unless `wrap` (a sentence of a warning, a long value). */
function Code({ children, wrap = false }: { children: ReactNode; wrap?: boolean }) {
  return (
    <code
      className={cx(
        "rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.8125rem] text-slate-900 dark:bg-slate-800 dark:text-slate-100",
        wrap ? "break-words" : "whitespace-nowrap",
      )}
    >
      {children}
    </code>
  );
}

function GuideSection({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-6">
      <Card>
        <CardHeader>
          <CardTitle id={`${id}-heading`}>{title}</CardTitle>
          {intro ? <CardDescription className="max-w-3xl">{intro}</CardDescription> : null}
        </CardHeader>
        <CardContent className="space-y-5">{children}</CardContent>
      </Card>
    </section>
  );
}

const muted = "text-slate-600 dark:text-slate-400";

export function WidgetGuide({ origin }: { origin: string }) {
  const t = useT();
  const scriptUrl = `${origin}${WIDGET_SCRIPT_PATH}`;

  const mountExample = [
    `<div id="showtimes"></div>`,
    `<script src="${scriptUrl}" defer></script>`,
    `<script>`,
    `  window.addEventListener("reeltime-ready", () => {`,
    `    const element = document.getElementById("showtimes");`,
    `    window.Reeltime.mount(element, {`,
    `      key: "rt_pk_…",`,
    `      city: "Amsterdam",`,
    `      theme: "dark",`,
    `      locale: "nl",`,
    `      accent: "#c2410c",`,
    `      utm: { utm_campaign: "summer" },`,
    `    });`,
    `    // later: window.Reeltime.unmount(element);`,
    `  });`,
    `</script>`,
  ].join("\n");

  const eventsExample = [
    `window.addEventListener("reeltime-ready", (event) => {`,
    `  console.log("Reeltime widget", event.detail.version);`,
    `});`,
    ``,
    `// Both bubble out of the widget: one listener hears every widget on the page.`,
    `document.addEventListener("reeltime:showtime-click", (event) => {`,
    `  const { showtimeId, cinemaId, startsAt } = event.detail;`,
    `  console.log("picked", showtimeId, cinemaId, startsAt);`,
    `});`,
    ``,
    `document.addEventListener("reeltime:book", (event) => {`,
    `  window.dataLayer?.push({`,
    `    event: "reeltime_book",`,
    `    showtime_id: event.detail.showtimeId,`,
    `    booking_url: event.detail.url,`,
    `  });`,
    `});`,
  ].join("\n");

  const stylingExample = [
    `[data-reeltime] {`,
    `  --reeltime-accent: #c2410c;`,
    `  --reeltime-radius: 4px;`,
    `  --reeltime-font: "Inter", system-ui, sans-serif;`,
    `}`,
    ``,
    `/* Your own dark mode, with data-theme="dark" on the element */`,
    `.dark [data-reeltime] {`,
    `  --reeltime-background: #0b1120;`,
    `}`,
  ].join("\n");

  const cspExample = [
    `Content-Security-Policy:`,
    `  script-src 'self' ${origin};`,
    `  style-src 'self' ${origin};`,
    `  connect-src 'self' ${origin};`,
    `  img-src 'self' ${origin}`,
  ].join("\n");

  return (
    <div className="space-y-8">
      <GuideSection
        id="options"
        title={t("studio.documentation.options.title")}
        intro={t("studio.documentation.options.intro")}
      >
        <Table caption={t("studio.documentation.options.caption")} captionHidden>
          <TableHead>
            <TableRow>
              <TableHeaderCell>{t("studio.documentation.options.col.attribute")}</TableHeaderCell>
              <TableHeaderCell>{t("studio.documentation.options.col.option")}</TableHeaderCell>
              <TableHeaderCell>{t("studio.documentation.options.col.values")}</TableHeaderCell>
              <TableHeaderCell>{t("studio.documentation.options.col.default")}</TableHeaderCell>
              <TableHeaderCell>{t("studio.documentation.options.col.example")}</TableHeaderCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {WIDGET_OPTIONS.map((option) => (
              <TableRow key={option.option} className="align-top">
                <TableCell className="min-w-56">
                  <div className="flex flex-wrap gap-1">
                    {option.attribute.split(", ").map((name) => (
                      <Code key={name}>{name}</Code>
                    ))}
                  </div>
                  <p className={`mt-1 text-xs ${muted}`}>{t(option.description)}</p>
                </TableCell>
                <TableCell>
                  <Code>{option.option}</Code>
                </TableCell>
                <TableCell className="min-w-40">{t(option.values)}</TableCell>
                <TableCell className="min-w-32">
                  {option.defaultCode ? (
                    <Code wrap>{option.defaultCode}</Code>
                  ) : option.defaultText ? (
                    t(option.defaultText)
                  ) : (
                    <span className={muted}>{t("studio.documentation.options.none")}</span>
                  )}
                </TableCell>
                <TableCell>
                  <Code>{option.example}</Code>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </GuideSection>

      <GuideSection
        id="javascript"
        title={t("studio.documentation.javascript.title")}
        intro={t("studio.documentation.javascript.intro")}
      >
        <CodeBlock code={mountExample} label={t("studio.documentation.javascript.example")} />
      </GuideSection>

      <GuideSection
        id="events"
        title={t("studio.documentation.events.title")}
        intro={t("studio.documentation.events.intro")}
      >
        <Table caption={t("studio.documentation.events.caption")} captionHidden>
          <TableHead>
            <TableRow>
              <TableHeaderCell>{t("studio.documentation.events.col.name")}</TableHeaderCell>
              <TableHeaderCell>{t("studio.documentation.events.col.target")}</TableHeaderCell>
              <TableHeaderCell>{t("studio.documentation.events.col.when")}</TableHeaderCell>
              <TableHeaderCell>{t("studio.documentation.events.col.detail")}</TableHeaderCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {WIDGET_EVENTS.map((event) => (
              <TableRow key={event.name} className="align-top">
                <TableCell>
                  <Code>{event.name}</Code>
                </TableCell>
                <TableCell>
                  <Code>{event.target}</Code>
                </TableCell>
                <TableCell className="min-w-48">{t(event.when)}</TableCell>
                <TableCell>
                  <Code>{event.detail}</Code>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <CodeBlock code={eventsExample} label={t("studio.documentation.events.example")} />
      </GuideSection>

      <GuideSection
        id="styling"
        title={t("studio.documentation.styling.title")}
        intro={t("studio.documentation.styling.intro")}
      >
        <Table caption={t("studio.documentation.styling.caption")} captionHidden>
          <TableHead>
            <TableRow>
              <TableHeaderCell>{t("studio.documentation.styling.col.name")}</TableHeaderCell>
              <TableHeaderCell>{t("studio.documentation.styling.col.light")}</TableHeaderCell>
              <TableHeaderCell>{t("studio.documentation.styling.col.dark")}</TableHeaderCell>
              <TableHeaderCell>{t("studio.documentation.styling.col.description")}</TableHeaderCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {CSS_PROPERTIES.map((property) => (
              <TableRow key={property.name} className="align-top">
                <TableCell>
                  <Code>{property.name}</Code>
                </TableCell>
                <TableCell>
                  <DefaultValue value={property.light} />
                </TableCell>
                <TableCell>
                  <DefaultValue value={property.dark} />
                </TableCell>
                <TableCell className="min-w-40">{t(property.description)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <CodeBlock code={stylingExample} label={t("studio.documentation.styling.example")} />
      </GuideSection>

      <GuideSection
        id="csp"
        title={t("studio.documentation.csp.title")}
        intro={t("studio.documentation.csp.intro")}
      >
        <ul className="list-disc space-y-1 ps-5 text-sm">
          <li>
            <Code>script-src</Code> — {t("studio.documentation.csp.script")}
          </li>
          <li>
            <Code>style-src</Code> — {t("studio.documentation.csp.style")}
          </li>
          <li>
            <Code>connect-src</Code> — {t("studio.documentation.csp.connect")}
          </li>
          <li>
            <Code>img-src</Code> — {t("studio.documentation.csp.img")}
          </li>
        </ul>
        <CodeBlock code={cspExample} label={t("studio.documentation.csp.example")} />
      </GuideSection>

      <GuideSection
        id="troubleshooting"
        title={t("studio.documentation.trouble.title")}
        intro={t("studio.documentation.trouble.intro")}
      >
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {TROUBLESHOOTING.map((trouble) => (
            <li key={trouble.id} className="py-4 first:pt-0 last:pb-0">
              <h3 className="font-semibold text-slate-900 dark:text-white">{t(trouble.title)}</h3>
              <dl className="mt-2 grid gap-x-4 gap-y-1.5 text-sm sm:grid-cols-[10rem_1fr]">
                <dt className={muted}>{t("studio.documentation.trouble.shown")}</dt>
                <dd>{t(trouble.shown)}</dd>
                <dt className={muted}>{t("studio.documentation.trouble.console")}</dt>
                <dd>
                  <Code wrap>{trouble.warning}</Code>
                </dd>
                <dt className={muted}>{t("studio.documentation.trouble.fix")}</dt>
                <dd>
                  {t(trouble.fix)}
                  {trouble.link ? (
                    <>
                      {" "}
                      <Link
                        to={trouble.link.to}
                        className="font-medium text-primary-700 underline underline-offset-2 hover:no-underline dark:text-primary-300"
                      >
                        {t(trouble.link.label)}
                      </Link>
                    </>
                  ) : null}
                </dd>
              </dl>
            </li>
          ))}
        </ul>
      </GuideSection>
    </div>
  );
}

/** A default value, with a swatch when it is a colour. */
function DefaultValue({ value }: { value: string }) {
  const colour = /^#[0-9a-f]{3,8}$/i.test(value);
  return (
    <span className="inline-flex items-center gap-1.5">
      {colour ? (
        <span
          aria-hidden="true"
          className="inline-block size-3.5 shrink-0 rounded-sm border border-slate-400"
          style={{ backgroundColor: value }}
        />
      ) : null}
      <Code wrap={value.length > 12}>{value}</Code>
    </span>
  );
}
