// The one showing of a new API key: the key in a read-only field, a copy button, and a plain warning
// that it will not be shown again. After a rotation it also says until when the old key works.
import { Check, Copy, TriangleAlert } from "lucide-react";
import { useId, useRef, useState } from "react";
import { useIntl } from "react-intl";
import { useT } from "../../lib/i18n.tsx";
import { LocalTime } from "../shell/local-time.tsx";
import { Button } from "../ui/button.tsx";
import { cx } from "../ui/cx.ts";
import { controlClasses } from "../ui/input.tsx";

export type RevealedKeyView = {
  name: string;
  key: string;
  /** rotation: until when the old key works (ISO) */
  oldKeyExpiresAt?: string;
};

export function ApiKeyReveal({ revealed, now }: { revealed: RevealedKeyView; now: string }) {
  const t = useT();
  const intl = useIntl();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<"idle" | "copied" | "failed">("idle");

  const copyKey = async () => {
    try {
      await navigator.clipboard.writeText(revealed.key);
      setCopy("copied");
    } catch {
      // No clipboard (an insecure origin, a refusal): select the key for a manual copy.
      input.current?.select();
      setCopy("failed");
    }
  };

  const oldKey = revealed.oldKeyExpiresAt;
  return (
    <div className="grid gap-3" data-testid="api-key-reveal">
      <p
        role="note"
        className="flex items-start gap-2 rounded-md border border-amber-600/40 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-400/40 dark:bg-amber-950 dark:text-amber-100"
      >
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>{t("studio.apiKeys.reveal.warning")}</span>
      </p>
      <label htmlFor={`${id}-key`} className="text-sm font-medium">
        {t("studio.apiKeys.reveal.label", { name: revealed.name })}
      </label>
      <div className="flex gap-2">
        <input
          ref={input}
          id={`${id}-key`}
          readOnly
          value={revealed.key}
          spellCheck={false}
          autoComplete="off"
          onFocus={(event) => event.currentTarget.select()}
          className={cx(controlClasses, "h-10 min-w-0 flex-1 py-2 font-mono")}
        />
        <Button type="button" variant="outline" onClick={() => void copyKey()}>
          {copy === "copied" ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {t("studio.apiKeys.reveal.copy")}
        </Button>
      </div>
      <p aria-live="polite" className="min-h-5 text-sm text-slate-700 dark:text-slate-300">
        {copy === "copied"
          ? t("studio.apiKeys.reveal.copied")
          : copy === "failed"
            ? t("studio.apiKeys.reveal.copyFailed")
            : ""}
      </p>
      {oldKey ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {oldKey <= now
            ? t("studio.apiKeys.reveal.oldKeyStopped")
            : intl.formatMessage(
                { id: "studio.apiKeys.reveal.oldKeyUntil" },
                { time: <LocalTime key="time" iso={oldKey} /> },
              )}
        </p>
      ) : null}
    </div>
  );
}
