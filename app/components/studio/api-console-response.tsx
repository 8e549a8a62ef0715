// The API console's answer card and panel: status, time, the headers a developer integrates against (rate
// limit, credits, caching, request id) and the body, pretty-printed; an error's problem body called out.
import { CircleAlert } from "lucide-react";
import type { Ref } from "react";
import { useIntl } from "react-intl";
import { CONSOLE_HEADERS, prettyBody, problemOf } from "../../lib/api-console.ts";
import { useT } from "../../lib/i18n.tsx";
import { Badge } from "../ui/badge.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../ui/card.tsx";
import { cx, focusRing } from "../ui/cx.ts";
import { Spinner } from "../ui/spinner.tsx";
import type { Call } from "./api-console-fetch.ts";

export type ConsoleResponse = {
  url: string;
  status: number;
  statusText: string;
  milliseconds: number;
  headers: Record<string, string>;
  contentType: string | null;
  body: string;
};

export function ConsoleResponseView({ response }: { response: ConsoleResponse }) {
  const t = useT();
  const intl = useIntl();
  const ok = response.status >= 200 && response.status < 400;
  const problem = problemOf(response.body, response.contentType);
  const body = prettyBody(response.body, response.contentType);
  const header = (name: string) => response.headers[name.toLowerCase()];
  return (
    <div className="space-y-4" data-testid="console-response">
      <p className="flex flex-wrap items-center gap-3 text-sm">
        <Badge tone={ok ? "primary" : response.status >= 500 ? "danger" : "warning"} className="text-sm">
          <span data-testid="console-status">{response.status}</span>
          {response.statusText ? ` ${response.statusText}` : ""}
        </Badge>
        <span>
          {t("studio.apiLookup.duration", {
            ms: intl.formatNumber(Math.round(response.milliseconds)),
          })}
        </span>
        {header("X-Credits-Cost") !== undefined ? (
          <span>{t("studio.apiLookup.creditsUsed", { credits: header("X-Credits-Cost") ?? "" })}</span>
        ) : null}
      </p>
      {problem ? (
        <div
          className="flex gap-2 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
          data-testid="console-problem"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <div>
            <p className="font-semibold">{problem.title ?? t("studio.apiLookup.problem")}</p>
            {problem.detail ? <p>{problem.detail}</p> : null}
          </div>
        </div>
      ) : null}
      <div>
        <h3 className="mb-2 text-sm font-semibold">{t("studio.apiLookup.headers")}</h3>
        <dl
          className="grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm"
          data-testid="console-headers"
        >
          {CONSOLE_HEADERS.map((name) => (
            <div key={name} className="contents">
              <dt className="font-mono text-slate-700 dark:text-slate-300">{name}</dt>
              <dd className="font-mono break-all text-slate-900 dark:text-slate-100">
                {header(name) ?? (
                  <span className="text-slate-600 dark:text-slate-400">{t("studio.apiLookup.notSent")}</span>
                )}
              </dd>
            </div>
          ))}
        </dl>
      </div>
      <div>
        <h3 id="console-body-title" className="mb-2 text-sm font-semibold">
          {t("studio.apiLookup.body")}
        </h3>
        {body ? (
          <pre
            tabIndex={0}
            role="region"
            aria-labelledby="console-body-title"
            className={cx(
              "max-h-[32rem] overflow-auto rounded-md border border-slate-300 bg-slate-50 p-3 font-mono text-xs leading-relaxed text-slate-900 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100",
              focusRing,
            )}
            data-testid="console-body"
          >
            {body}
          </pre>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-400">{t("studio.apiLookup.emptyBody")}</p>
        )}
      </div>
    </div>
  );
}

/** What the call is doing, for the status line ("" before the first). */
function useCallStatus(call: Call): string {
  const t = useT();
  if (call.state === "running") return t("studio.apiLookup.running");
  if (call.state === "done")
    return t("studio.apiLookup.answered", {
      status: call.response.status,
      ms: Math.round(call.response.milliseconds),
    });
  if (call.state === "failed") return t("studio.apiLookup.failed");
  return "";
}

export function ConsoleResponseCard({
  call,
  headingId,
  headingRef,
}: {
  call: Call;
  headingId: string;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const t = useT();
  const status = useCallStatus(call);
  return (
    <Card>
      <CardHeader>
        {/* Focused when an answer arrives, so keyboard and screen-reader users land on it. */}
        <CardTitle id={headingId} ref={headingRef} tabIndex={-1} className={cx("rounded-sm", focusRing)}>
          {t("studio.apiLookup.responseTitle")}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <p
          role="status"
          className={cx("text-sm text-slate-700 dark:text-slate-300", call.state === "done" && "sr-only")}
        >
          {call.state === "running" ? <Spinner className="me-2 inline" /> : null}
          {status || t("studio.apiLookup.notSentYet")}
        </p>
        {call.state === "failed" ? (
          <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
            {t("studio.apiLookup.networkError", { message: call.message })}
          </p>
        ) : null}
        {call.state === "done" ? <ConsoleResponseView response={call.response} /> : null}
      </CardContent>
    </Card>
  );
}
