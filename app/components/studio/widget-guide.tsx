// The widget guide's reference: options, the JavaScript API, events, CSS custom properties, strict CSP
// guidance and troubleshooting. Code examples use the site's public origin and stay untranslated.
import { Link } from "react-router";
import {
  CSS_PROPERTIES,
  TROUBLESHOOTING,
  WIDGET_EVENTS,
  WIDGET_OPTIONS,
  type CssPropertyDoc,
  type WidgetEventDoc,
  type WidgetOptionDoc,
} from "../../routes/studio/documentation-reference.ts";
import { WIDGET_SCRIPT_PATH } from "../../routes/studio/documentation-snippet.ts";
import { useT } from "../../lib/i18n.tsx";
import { cspExample, EVENTS_EXAMPLE, mountExample, STYLING_EXAMPLE } from "./widget-guide-examples.ts";
import {
  Code,
  CodeBlock,
  DefaultValue,
  GuideSection,
  muted,
  ReferenceTable,
  type ReferenceColumn,
} from "./widget-guide-parts.tsx";

function OptionsTable() {
  const t = useT();
  const columns: ReferenceColumn<WidgetOptionDoc>[] = [
    {
      header: t("studio.documentation.options.col.attribute"),
      className: "min-w-56",
      cell: (option) => (
        <>
          <div className="flex flex-wrap gap-1">
            {option.attribute.split(", ").map((name) => (
              <Code key={name}>{name}</Code>
            ))}
          </div>
          <p className={`mt-1 text-xs ${muted}`}>{t(option.description)}</p>
        </>
      ),
    },
    { header: t("studio.documentation.options.col.option"), cell: (option) => <Code>{option.option}</Code> },
    {
      header: t("studio.documentation.options.col.values"),
      className: "min-w-40",
      cell: (option) => t(option.values),
    },
    {
      header: t("studio.documentation.options.col.default"),
      className: "min-w-32",
      cell: (option) =>
        option.defaultCode ? (
          <Code wrap>{option.defaultCode}</Code>
        ) : option.defaultText ? (
          t(option.defaultText)
        ) : (
          <span className={muted}>{t("studio.documentation.options.none")}</span>
        ),
    },
    {
      header: t("studio.documentation.options.col.example"),
      cell: (option) => <Code>{option.example}</Code>,
    },
  ];
  return (
    <ReferenceTable
      caption={t("studio.documentation.options.caption")}
      columns={columns}
      rows={WIDGET_OPTIONS}
      rowKey={(option) => option.option}
    />
  );
}

function EventsTable() {
  const t = useT();
  const columns: ReferenceColumn<WidgetEventDoc>[] = [
    { header: t("studio.documentation.events.col.name"), cell: (event) => <Code>{event.name}</Code> },
    { header: t("studio.documentation.events.col.target"), cell: (event) => <Code>{event.target}</Code> },
    {
      header: t("studio.documentation.events.col.when"),
      className: "min-w-48",
      cell: (event) => t(event.when),
    },
    { header: t("studio.documentation.events.col.detail"), cell: (event) => <Code>{event.detail}</Code> },
  ];
  return (
    <ReferenceTable
      caption={t("studio.documentation.events.caption")}
      columns={columns}
      rows={WIDGET_EVENTS}
      rowKey={(event) => event.name}
    />
  );
}

function CssPropertiesTable() {
  const t = useT();
  const columns: ReferenceColumn<CssPropertyDoc>[] = [
    { header: t("studio.documentation.styling.col.name"), cell: (property) => <Code>{property.name}</Code> },
    {
      header: t("studio.documentation.styling.col.light"),
      cell: (property) => <DefaultValue value={property.light} />,
    },
    {
      header: t("studio.documentation.styling.col.dark"),
      cell: (property) => <DefaultValue value={property.dark} />,
    },
    {
      header: t("studio.documentation.styling.col.description"),
      className: "min-w-40",
      cell: (property) => t(property.description),
    },
  ];
  return (
    <ReferenceTable
      caption={t("studio.documentation.styling.caption")}
      columns={columns}
      rows={CSS_PROPERTIES}
      rowKey={(property) => property.name}
    />
  );
}

const CSP_DIRECTIVES = [
  { name: "script-src", text: "studio.documentation.csp.script" },
  { name: "style-src", text: "studio.documentation.csp.style" },
  { name: "connect-src", text: "studio.documentation.csp.connect" },
  { name: "img-src", text: "studio.documentation.csp.img" },
] as const;

function CspDirectives() {
  const t = useT();
  return (
    <ul className="list-disc space-y-1 ps-5 text-sm">
      {CSP_DIRECTIVES.map((directive) => (
        <li key={directive.name}>
          <Code>{directive.name}</Code> — {t(directive.text)}
        </li>
      ))}
    </ul>
  );
}

function TroubleshootingList() {
  const t = useT();
  return (
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
  );
}

export function WidgetGuide({ origin }: { origin: string }) {
  const t = useT();
  const section = (id: string, key: "options" | "javascript" | "events" | "styling" | "csp" | "trouble") => ({
    id,
    title: t(`studio.documentation.${key}.title`),
    intro: t(`studio.documentation.${key}.intro`),
  });
  return (
    <div className="space-y-8">
      <GuideSection {...section("options", "options")}>
        <OptionsTable />
      </GuideSection>
      <GuideSection {...section("javascript", "javascript")}>
        <CodeBlock
          code={mountExample(`${origin}${WIDGET_SCRIPT_PATH}`)}
          label={t("studio.documentation.javascript.example")}
        />
      </GuideSection>
      <GuideSection {...section("events", "events")}>
        <EventsTable />
        <CodeBlock code={EVENTS_EXAMPLE} label={t("studio.documentation.events.example")} />
      </GuideSection>
      <GuideSection {...section("styling", "styling")}>
        <CssPropertiesTable />
        <CodeBlock code={STYLING_EXAMPLE} label={t("studio.documentation.styling.example")} />
      </GuideSection>
      <GuideSection {...section("csp", "csp")}>
        <CspDirectives />
        <CodeBlock code={cspExample(origin)} label={t("studio.documentation.csp.example")} />
      </GuideSection>
      <GuideSection {...section("troubleshooting", "trouble")}>
        <TroubleshootingList />
      </GuideSection>
    </div>
  );
}
