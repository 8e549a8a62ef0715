// The widget snippet builder's live preview: the real widget, loaded into this page and mounted with
// the chosen options (again once typing pauses), and a log of the events it sends.
import { CircleAlert } from "lucide-react";
import { useEffect, useRef, useState, type CSSProperties, type ReactNode, type RefObject } from "react";
import { WIDGET_SCRIPT_PATH, type MountOptions } from "../../routes/studio/documentation-snippet.ts";
import { useT } from "../../lib/i18n.tsx";
import { cx, focusRing } from "../ui/cx.ts";
import { Spinner } from "../ui/spinner.tsx";

/** Typing in a field remounts the preview once the typing pauses (each mount calls the API). */
const PREVIEW_DELAY_MS = 400;

export function PreviewNotice({ tone, children }: { tone: "warning" | "info"; children: ReactNode }) {
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

/** The last five events the widget in `host` sent, newest first. */
function useWidgetEvents(host: RefObject<HTMLDivElement | null>): LoggedEvent[] {
  const [events, setEvents] = useState<LoggedEvent[]>([]);
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
  }, [host]);
  return events;
}

function EventLog({ events }: { events: readonly LoggedEvent[] }) {
  const t = useT();
  return (
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
  );
}

export function WidgetPreview({ options }: { options: MountOptions }) {
  const t = useT();
  const script = useWidgetScript();
  const host = useRef<HTMLDivElement>(null);
  const serialized = useSettled(JSON.stringify(options), PREVIEW_DELAY_MS);
  const accent = (JSON.parse(serialized) as MountOptions).accent;

  useEffect(() => {
    const element = host.current;
    const api = reeltime();
    if (script !== "ready" || !element || !api) return;
    api.mount(element, JSON.parse(serialized) as MountOptions);
    return () => api.unmount(element);
  }, [script, serialized]);
  const events = useWidgetEvents(host);

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
      <EventLog events={events} />
    </div>
  );
}
