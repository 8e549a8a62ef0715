// The widget snippet builder: the effective client's publishable key, a city, cinema or movie, theme,
// language, accent colour and UTM campaign → the snippet to paste (with a copy button) and a live preview
// that mounts the real widget in this page. The studio stores only a key's hash, so the full key is
// pasted by the user (it stays in this tab, shared with the API console) or the snippet holds a
// placeholder that the page says must be replaced.
import { CircleAlert, Copy, TriangleAlert } from "lucide-react";
import { useEffect, useId, useRef, useState, type CSSProperties, type ReactNode } from "react";
import { Link } from "react-router";
import type { LocaleOption } from "../../../core/i18n/locale-names.ts";
import { readStoredKey, storeKey } from "../../lib/api-console.ts";
import { useT } from "../../lib/i18n.tsx";
import {
  FILTER_KINDS,
  isPublishableKey,
  keyPlaceholder,
  mountOptions,
  parseWidgetLocale,
  WIDGET_SCRIPT_PATH,
  WIDGET_THEMES,
  widgetSnippet,
  type FilterKind,
  type MountOptions,
  type SnippetOptions,
  type WidgetLocale,
  type WidgetTheme,
} from "../../routes/studio/documentation-snippet.ts";
import { Button } from "../ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card.tsx";
import { Combobox, type ComboboxOption } from "../ui/combobox.tsx";
import { cx, focusRing } from "../ui/cx.ts";
import { Field } from "../ui/field.tsx";
import { showToast } from "../ui/toast.ts";
import { Input } from "../ui/input.tsx";
import { Select } from "../ui/select.tsx";
import { Spinner } from "../ui/spinner.tsx";
import { useHydrated } from "../ui/use-hydrated.ts";
import { CodeBlock } from "./widget-guide.tsx";

export type BuilderKey = {
  id: string;
  name: string;
  prefix: string;
  /** the key's country subset; empty = every country of the client */
  countries: string[];
  status: "active" | "expiring";
};

export type WidgetSnippetBuilderProps = {
  baseUrl: string;
  clientName: string;
  keys: readonly BuilderKey[];
  /** the languages the widget speaks, each by its own name (named on the server: locale-names.ts) */
  locales: readonly LocaleOption[];
  /** the host this page is served from, and whether it is one of the client's domains */
  studioHost: string;
  previewAllowed: boolean;
};

/** The light theme's accent (widget/src/reeltime.css), what the colour picker starts from. */
const DEFAULT_ACCENT = "#1d4ed8";
/** Typing in a field remounts the preview once the typing pauses (each mount calls the API). */
const PREVIEW_DELAY_MS = 400;

/** Whether the browser takes `value` as a CSS colour (on the server: assume so, the browser decides). */
function isCssColour(value: string): boolean {
  return typeof CSS === "undefined" || CSS.supports("color", value);
}

export function WidgetSnippetBuilder({
  baseUrl,
  clientName,
  keys,
  locales,
  studioHost,
  previewAllowed,
}: WidgetSnippetBuilderProps) {
  const t = useT();
  const hydrated = useHydrated();
  const ids = { key: useId(), value: useId(), kind: useId(), filter: useId(), accent: useId() };

  const [keyId, setKeyId] = useState(keys[0]?.id ?? "");
  const key = keys.find((k) => k.id === keyId) ?? keys[0];
  // What was pasted in this page view, by key id; else what this tab remembered (read once hydrated).
  const [pasted, setPasted] = useState<Record<string, string>>({});
  const keyValue = pasted[keyId] ?? (hydrated && keyId ? readStoredKey(keyId) : "");
  const [kind, setKind] = useState<FilterKind>("city");
  const [choice, setChoice] = useState<ComboboxOption | null>(null);
  const [theme, setTheme] = useState<WidgetTheme>("auto");
  const [locale, setLocale] = useState<WidgetLocale | "">("");
  const [accent, setAccent] = useState("");
  const [utmCampaign, setUtmCampaign] = useState("");

  const keyProblem = !keyValue
    ? undefined
    : !isPublishableKey(keyValue.trim())
      ? t("studio.documentation.field.keyMalformed")
      : key && !keyValue.trim().startsWith(key.prefix)
        ? t("studio.documentation.field.keyMismatch", { prefix: key.prefix })
        : undefined;
  const fullKey = keyValue && !keyProblem ? keyValue.trim() : null;
  const accentProblem =
    accent.trim() && !isCssColour(accent.trim()) ? t("studio.documentation.field.accentInvalid") : undefined;

  const options: SnippetOptions = {
    key: fullKey ?? keyPlaceholder(key?.prefix ?? "rt_pk_"),
    filter: choice ? { kind, value: choice.value } : null,
    theme,
    locale,
    accent: accentProblem ? "" : accent.trim(),
    utmCampaign,
  };
  const snippet = widgetSnippet(baseUrl, options);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet);
      showToast("success", t("studio.documentation.snippet.copied"));
    } catch {
      showToast("error", t("studio.documentation.snippet.copyFailed"));
    }
  };

  const countries = key?.countries ?? [];
  const source = `/studio/documentation/options?kind=${kind}${countries.length ? `&countries=${countries.join(",")}` : ""}`;
  const pickerHex = /^#[0-9a-f]{6}$/i.test(accent.trim()) ? accent.trim() : DEFAULT_ACCENT;

  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
      <Card className="self-start">
        <CardHeader>
          <CardTitle>{t("studio.documentation.builder.optionsTitle")}</CardTitle>
          <CardDescription>{t("studio.documentation.builder.description")}</CardDescription>
        </CardHeader>
        <CardContent>
          <form
            className="space-y-5"
            aria-label={t("studio.documentation.builder.formLabel")}
            onSubmit={(event) => event.preventDefault()}
          >
            <Field label={t("studio.documentation.field.key")} id={ids.key}>
              <Select
                value={keyId}
                onChange={(event) => {
                  const next = keys.find((k) => k.id === event.target.value);
                  setKeyId(event.target.value);
                  // Another set of countries is another list: the choice goes with it (the picker remounts).
                  if (next?.countries.join(",") !== key?.countries.join(",")) setChoice(null);
                }}
                options={keys.map((k) => ({
                  value: k.id,
                  label: t(
                    k.status === "expiring"
                      ? "studio.documentation.field.keyOptionExpiring"
                      : "studio.documentation.field.keyOption",
                    { name: k.name, prefix: k.prefix },
                  ),
                }))}
              />
            </Field>
            <Field
              label={t("studio.documentation.field.keyValue")}
              id={ids.value}
              hint={t("studio.documentation.field.keyValueHint")}
              error={keyProblem}
            >
              {/* No name: even without JavaScript the key is never sent to the studio. */}
              <Input
                type="text"
                value={keyValue}
                autoComplete="off"
                spellCheck={false}
                placeholder={key ? keyPlaceholder(key.prefix) : undefined}
                className="font-mono"
                onChange={(event) => {
                  const value = event.target.value;
                  setPasted((all) => ({ ...all, [keyId]: value }));
                  const trimmed = value.trim();
                  if (!trimmed) storeKey(keyId, "");
                  else if (isPublishableKey(trimmed) && key && trimmed.startsWith(key.prefix))
                    storeKey(keyId, trimmed);
                }}
              />
            </Field>

            <div className="grid gap-5 sm:grid-cols-2 xl:grid-cols-1">
              <Field label={t("studio.documentation.field.kind")} id={ids.kind}>
                <Select
                  value={kind}
                  onChange={(event) => {
                    const next = FILTER_KINDS.find((k) => k === event.target.value);
                    if (next) {
                      setKind(next);
                      setChoice(null);
                    }
                  }}
                  options={FILTER_KINDS.map((k) => ({
                    value: k,
                    label: t(`studio.documentation.kind.${k}`),
                  }))}
                />
              </Field>
              <Field
                label={t(`studio.documentation.field.${kind}`)}
                id={ids.filter}
                hint={
                  choice
                    ? t(`studio.documentation.field.${kind}Hint`)
                    : t("studio.documentation.field.filterNone")
                }
              >
                <Combobox
                  // A new kind or another key's countries: a new list, nothing chosen.
                  key={`${kind}:${countries.join(",")}`}
                  name="filter"
                  source={source}
                  placeholder={t("studio.documentation.field.filterPlaceholder")}
                  onChange={setChoice}
                />
              </Field>
            </div>

            <div className="grid gap-5 sm:grid-cols-2 xl:grid-cols-1">
              <Field label={t("studio.documentation.field.theme")}>
                <Select
                  value={theme}
                  onChange={(event) => {
                    const next = WIDGET_THEMES.find((k) => k === event.target.value);
                    if (next) setTheme(next);
                  }}
                  options={WIDGET_THEMES.map((k) => ({
                    value: k,
                    label: t(`studio.documentation.theme.${k}`),
                  }))}
                />
              </Field>
              <Field label={t("studio.documentation.field.locale")}>
                <Select
                  value={locale}
                  onChange={(event) => setLocale(parseWidgetLocale(event.target.value))}
                  options={[{ value: "", label: t("studio.documentation.locale.page") }]}
                >
                  {/* Each language in its own name, language and direction, as the interface's pickers. */}
                  {locales.map((option) => (
                    <option key={option.value} value={option.value} lang={option.tag} dir={option.dir}>
                      {option.label}
                    </option>
                  ))}
                </Select>
              </Field>
            </div>

            <Field
              label={t("studio.documentation.field.accent")}
              id={ids.accent}
              hint={t("studio.documentation.field.accentHint")}
              error={accentProblem}
            >
              <AccentInput value={accent} pickerValue={pickerHex} onChange={setAccent} />
            </Field>

            <Field
              label={t("studio.documentation.field.utmCampaign")}
              hint={t("studio.documentation.field.utmCampaignHint")}
            >
              <Input
                type="text"
                value={utmCampaign}
                maxLength={100}
                autoComplete="off"
                spellCheck={false}
                placeholder="summer"
                onChange={(event) => setUtmCampaign(event.target.value)}
              />
            </Field>
          </form>
        </CardContent>
      </Card>

      <div className="min-w-0 space-y-6">
        <Card>
          <CardHeader>
            <CardTitle>{t("studio.documentation.snippet.title")}</CardTitle>
            <CardDescription>{t("studio.documentation.snippet.description")}</CardDescription>
          </CardHeader>
          <CardContent className="space-y-4">
            {fullKey ? null : (
              <p
                className="flex items-start gap-2 rounded-md border border-amber-600/40 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-400/40 dark:bg-amber-950 dark:text-amber-100"
                data-testid="snippet-placeholder-warning"
              >
                <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                <span>{t("studio.documentation.snippet.placeholder", { placeholder: options.key })}</span>
              </p>
            )}
            <CodeBlock
              code={snippet}
              label={t("studio.documentation.snippet.label")}
              testId="widget-snippet"
              wrap
            />
            <Button variant="primary" onClick={() => void copy()} disabled={!hydrated}>
              <Copy aria-hidden="true" />
              {t("studio.documentation.snippet.copy")}
            </Button>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{t("studio.documentation.preview.title")}</CardTitle>
            <CardDescription>{t("studio.documentation.preview.description")}</CardDescription>
          </CardHeader>
          <CardContent className="space-y-4">
            {!previewAllowed ? (
              <PreviewNotice tone="warning">
                {t("studio.documentation.preview.notAllowed", { host: studioHost, client: clientName })}{" "}
                <Link
                  to="/studio/domains"
                  className="font-medium underline underline-offset-2 hover:no-underline"
                >
                  {t("studio.documentation.preview.domainsLink")}
                </Link>
              </PreviewNotice>
            ) : !fullKey ? (
              <PreviewNotice tone="info">{t("studio.documentation.preview.needsKey")}</PreviewNotice>
            ) : (
              <>
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  {t("studio.documentation.preview.costs")}
                </p>
                <WidgetPreview options={mountOptions(options)} />
              </>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

/** A colour picker and the same colour as text (any CSS colour); the text is the field's control. */
function AccentInput({
  value,
  pickerValue,
  onChange,
}: {
  value: string;
  pickerValue: string;
  onChange: (value: string) => void;
}) {
  const t = useT();
  return (
    <div className="flex items-center gap-2">
      <input
        type="color"
        value={pickerValue}
        aria-label={t("studio.documentation.field.accentPicker")}
        onChange={(event) => onChange(event.target.value)}
        className={cx(
          "h-10 w-12 shrink-0 cursor-pointer rounded-md border border-slate-500 bg-white p-1 dark:bg-slate-950",
          focusRing,
        )}
      />
      <Input
        type="text"
        value={value}
        autoComplete="off"
        spellCheck={false}
        placeholder={DEFAULT_ACCENT}
        className="font-mono"
        onChange={(event) => onChange(event.target.value)}
      />
      {value ? (
        <Button variant="outline" className="shrink-0" onClick={() => onChange("")}>
          {t("studio.documentation.field.accentReset")}
        </Button>
      ) : null}
    </div>
  );
}

function PreviewNotice({ tone, children }: { tone: "warning" | "info"; children: ReactNode }) {
  return (
    <p
      role="status"
      className={cx(
        "flex items-start gap-2 rounded-md border p-3 text-sm",
        tone === "warning"
          ? "border-amber-600/40 bg-amber-50 text-amber-900 dark:border-amber-400/40 dark:bg-amber-950 dark:text-amber-100"
          : "border-slate-300 bg-slate-50 text-slate-800 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-200",
      )}
      data-testid="preview-notice"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}

type ReeltimeApi = {
  version: string;
  mount: (element: Element, options: MountOptions) => void;
  unmount: (element: Element) => void;
};

function reeltime(): ReeltimeApi | undefined {
  return (window as Window & { Reeltime?: ReeltimeApi }).Reeltime;
}

type ScriptState = "loading" | "ready" | "failed";

/** Loads the widget's script once into this page (same origin, so the studio's CSP allows it). */
function useWidgetScript(): ScriptState {
  const [state, setState] = useState<ScriptState>(() =>
    typeof window !== "undefined" && reeltime() ? "ready" : "loading",
  );
  useEffect(() => {
    if (reeltime()) return;
    let script = document.querySelector<HTMLScriptElement>(`script[src="${WIDGET_SCRIPT_PATH}"]`);
    if (!script) {
      script = document.createElement("script");
      script.src = WIDGET_SCRIPT_PATH;
      script.async = true;
      document.head.append(script);
    }
    const element = script;
    const onLoad = () => setState(reeltime() ? "ready" : "failed");
    const onError = () => {
      // Gone, so that a later visit tries again.
      element.remove();
      setState("failed");
    };
    element.addEventListener("load", onLoad);
    element.addEventListener("error", onError);
    return () => {
      element.removeEventListener("load", onLoad);
      element.removeEventListener("error", onError);
    };
  }, []);
  return state;
}

/** `value`, once it has stayed the same for `ms`. */
function useSettled<Value>(value: Value, ms: number): Value {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

type LoggedEvent = { id: number; name: string; detail: string };
const WATCHED_EVENTS = ["reeltime:showtime-click", "reeltime:book"] as const;

function WidgetPreview({ options }: { options: MountOptions }) {
  const t = useT();
  const script = useWidgetScript();
  const host = useRef<HTMLDivElement>(null);
  const serialized = useSettled(JSON.stringify(options), PREVIEW_DELAY_MS);
  const [events, setEvents] = useState<LoggedEvent[]>([]);
  const accent = (JSON.parse(serialized) as MountOptions).accent;

  useEffect(() => {
    const element = host.current;
    const api = reeltime();
    if (script !== "ready" || !element || !api) return;
    api.mount(element, JSON.parse(serialized) as MountOptions);
    return () => api.unmount(element);
  }, [script, serialized]);

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    let next = 0;
    const listener = (event: Event) => {
      const detail = event instanceof CustomEvent ? JSON.stringify(event.detail) : "";
      next += 1;
      const id = next;
      setEvents((all) => [{ id, name: event.type, detail }, ...all].slice(0, 5));
    };
    for (const name of WATCHED_EVENTS) element.addEventListener(name, listener);
    return () => {
      for (const name of WATCHED_EVENTS) element.removeEventListener(name, listener);
    };
  }, []);

  return (
    <div className="space-y-4">
      {script === "loading" ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
          <Spinner />
          {t("studio.documentation.preview.loading")}
        </p>
      ) : script === "failed" ? (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
          {t("studio.documentation.preview.scriptFailed", { path: WIDGET_SCRIPT_PATH })}
        </p>
      ) : null}
      {/* A city's day is long: the preview scrolls inside its box (by keyboard too). */}
      <div
        role="region"
        aria-label={t("studio.documentation.preview.region")}
        tabIndex={0}
        className={cx("max-h-[36rem] overflow-y-auto rounded-md", focusRing)}
      >
        {/* The widget's accent as the embedder's CSS would set it: works with or without data-accent. */}
        <div
          ref={host}
          data-testid="widget-preview"
          style={accent ? ({ "--reeltime-accent": accent } as CSSProperties) : undefined}
        />
      </div>
      <div>
        <h3 className="mb-1.5 text-sm font-medium text-slate-700 dark:text-slate-300">
          {t("studio.documentation.preview.events")}
        </h3>
        <div role="log" className="text-xs" data-testid="preview-events">
          {events.length === 0 ? (
            <p className="text-slate-600 dark:text-slate-400">{t("studio.documentation.preview.noEvents")}</p>
          ) : (
            <ol className="space-y-1">
              {events.map((event) => (
                <li key={event.id} className="font-mono break-all text-slate-800 dark:text-slate-200">
                  <span className="font-semibold">{event.name}</span> {event.detail}
                </li>
              ))}
            </ol>
          )}
        </div>
      </div>
    </div>
  );
}
