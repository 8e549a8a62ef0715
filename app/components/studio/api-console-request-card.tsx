// The API console's request card: the request as a URL and as a curl command (the key masked unless
// revealed), each with a copy button, and the button that sends it.
import { Check, Copy, Eye, EyeOff, Send } from "lucide-react";
import { useEffect, useState } from "react";
import { curlCommand, maskKey } from "../../lib/api-console.ts";
import { useT } from "../../lib/i18n.tsx";
import { Button } from "../ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card.tsx";
import type { ConsoleKey } from "./api-console.tsx";

function CopyButton({ text, label }: { text: string; label: string }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(() => setCopied(true));
      }}
    >
      {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      {label}
      <span role="status" className="sr-only">
        {copied ? t("studio.apiLookup.copied") : ""}
      </span>
    </Button>
  );
}

function RequestPreview({
  url,
  keyValue,
  consoleKey,
  revealInCurl,
  setRevealInCurl,
}: {
  url: string;
  keyValue: string;
  consoleKey?: ConsoleKey;
  /** whether the curl command shows the key in full (kept by the card, as the preview may come and go) */
  revealInCurl: boolean;
  setRevealInCurl: (update: (reveal: boolean) => boolean) => void;
}) {
  const t = useT();
  const shownKey =
    keyValue && consoleKey
      ? revealInCurl
        ? keyValue
        : maskKey(keyValue, consoleKey.prefix)
      : `${consoleKey?.prefix ?? "rt_sk_"}…`;
  const curl = curlCommand(url, shownKey);
  return (
    <>
      <div className="space-y-2">
        <p className="text-sm font-medium">{t("studio.apiLookup.url")}</p>
        <p
          className="rounded-md border border-slate-300 bg-slate-50 p-2 font-mono text-xs break-all text-slate-900 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100"
          data-testid="console-url"
        >
          <span className="font-semibold">GET</span> {url}
        </p>
        <CopyButton text={url} label={t("studio.apiLookup.copyUrl")} />
      </div>
      <div className="space-y-2">
        <p className="text-sm font-medium">{t("studio.apiLookup.curl")}</p>
        <pre
          className="overflow-x-auto rounded-md border border-slate-300 bg-slate-50 p-2 font-mono text-xs whitespace-pre-wrap break-all text-slate-900 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100"
          data-testid="console-curl"
        >
          {curl}
        </pre>
        <div className="flex flex-wrap gap-2">
          <CopyButton text={curl} label={t("studio.apiLookup.copyCurl")} />
          <Button
            variant="outline"
            size="sm"
            aria-pressed={revealInCurl}
            disabled={!keyValue}
            onClick={() => setRevealInCurl((v) => !v)}
          >
            {revealInCurl ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
            {t("studio.apiLookup.revealKey")}
          </Button>
        </div>
        {!revealInCurl ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">{t("studio.apiLookup.maskedHint")}</p>
        ) : null}
      </div>
    </>
  );
}

export function ConsoleRequestCard({
  headingId,
  shown,
  url,
  keyValue,
  consoleKey,
  pending,
  canSend,
}: {
  headingId: string;
  /** an operation is chosen and the page is hydrated (the URL needs the browser's origin) */
  shown: boolean;
  url: string;
  keyValue: string;
  consoleKey: ConsoleKey | undefined;
  pending: boolean;
  canSend: boolean;
}) {
  const t = useT();
  const [revealInCurl, setRevealInCurl] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle id={headingId}>{t("studio.apiLookup.requestTitle")}</CardTitle>
        <CardDescription>{t("studio.apiLookup.requestDescription")}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {shown ? (
          <RequestPreview
            url={url}
            keyValue={keyValue}
            consoleKey={consoleKey}
            revealInCurl={revealInCurl}
            setRevealInCurl={setRevealInCurl}
          />
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-400">{t("studio.apiLookup.noRequestYet")}</p>
        )}
        <Button type="submit" pending={pending} disabled={!canSend}>
          <Send aria-hidden="true" className="rtl:-scale-x-100" />
          {t("studio.apiLookup.send")}
        </Button>
      </CardContent>
    </Card>
  );
}
