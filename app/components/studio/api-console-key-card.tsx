// The API console's key card: which of the client's keys, and its value pasted (kept in this tab only).
import { Eye, EyeOff } from "lucide-react";
import { useState } from "react";
import { storeKey } from "../../lib/api-console.ts";
import { useT } from "../../lib/i18n.tsx";
import { Button } from "../ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card.tsx";
import { Field } from "../ui/field.tsx";
import { Input } from "../ui/input.tsx";
import type { ConsoleKey } from "./api-console.tsx";
import type { ConsoleKeyState } from "./api-console-state.ts";
import { KeySelectField } from "./key-select-field.tsx";

export function ConsoleKeyCard({
  keys,
  state,
  ids,
  onKeyChange,
}: {
  keys: readonly ConsoleKey[];
  state: ConsoleKeyState;
  /** the ids of the key picker and of the value's input (focused when the value is wrong) */
  ids: { key: string; value: string };
  /** another key was picked */
  onKeyChange: () => void;
}) {
  const t = useT();
  const { keyId, setKeyId, key, keyValue, setKeyValue, keyError, setKeyError, checkKey } = state;
  const [showValue, setShowValue] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("studio.apiLookup.keyTitle")}</CardTitle>
        <CardDescription>{t("studio.apiLookup.keyDescription")}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <KeySelectField
          label={t("studio.apiLookup.key")}
          id={ids.key}
          keys={keys}
          value={keyId}
          onChange={(next) => {
            setKeyId(next);
            setKeyError(undefined);
            onKeyChange();
          }}
          optionMessage={(k) =>
            k.kind === "secret" ? "studio.apiLookup.keyOptionSecret" : "studio.apiLookup.keyOptionPublishable"
          }
        />
        <Field
          label={t("studio.apiLookup.keyValue")}
          id={ids.value}
          hint={t("studio.apiLookup.keyValueHint")}
          error={keyError}
          required
        >
          <div className="flex gap-2">
            {/* No name: even without JavaScript the value is never sent to the studio. */}
            <Input
              type={showValue ? "text" : "password"}
              value={keyValue}
              autoComplete="off"
              spellCheck={false}
              placeholder={key ? `${key.prefix}…` : undefined}
              onChange={(event) => {
                setKeyValue(event.target.value);
                if (keyError) setKeyError(undefined);
              }}
              onBlur={(event) => {
                const value = event.target.value;
                const problem = value ? checkKey(value) : undefined;
                setKeyError(problem);
                if (!problem) storeKey(keyId, value);
              }}
              className="font-mono"
            />
            <Button
              variant="outline"
              size="icon"
              className="size-10"
              aria-pressed={showValue}
              onClick={() => setShowValue((v) => !v)}
            >
              {showValue ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
              <span className="sr-only">{t("studio.apiLookup.showValue")}</span>
            </Button>
          </div>
        </Field>
        {keyValue ? (
          <Button
            variant="link"
            onClick={() => {
              setKeyValue("");
              storeKey(keyId, "");
              setKeyError(undefined);
            }}
          >
            {t("studio.apiLookup.forget")}
          </Button>
        ) : null}
        {key?.kind === "publishable" ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {t("studio.apiLookup.publishableHint")}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
