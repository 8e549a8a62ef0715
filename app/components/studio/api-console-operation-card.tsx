// The API console's operation card: the operations from the API's OpenAPI document (while it loads, or
// why it did not), the one chosen and its parameters.
import { RotateCw } from "lucide-react";
import { useT } from "../../lib/i18n.tsx";
import { Button } from "../ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card.tsx";
import { Field } from "../ui/field.tsx";
import { Select } from "../ui/select.tsx";
import { Spinner } from "../ui/spinner.tsx";
import type { Spec } from "./api-console-fetch.ts";
import { ParameterField } from "./api-console-parameter-field.tsx";
import type { ConsoleOperationState } from "./api-console-state.ts";

function SpecProblem({ status, onRetry }: { status: number | null; onRetry: () => void }) {
  const t = useT();
  return (
    <div role="alert" className="space-y-2 text-sm">
      <p className="font-medium text-red-700 dark:text-red-400">
        {status ? t("studio.apiLookup.specFailedStatus", { status }) : t("studio.apiLookup.specFailed")}
      </p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RotateCw aria-hidden="true" />
        {t("studio.apiLookup.retry")}
      </Button>
    </div>
  );
}

function OperationFields({
  state,
  operationFieldId,
  onOperationChange,
}: {
  state: ConsoleOperationState;
  operationFieldId: string;
  onOperationChange: () => void;
}) {
  const t = useT();
  const { operations, operation, setOperationId, operationValues, fieldErrors, setFieldErrors, setValue } =
    state;
  if (!operation) return null;
  return (
    <>
      <Field label={t("studio.apiLookup.operation")} id={operationFieldId} hint={operation.description}>
        <Select
          value={operation.id}
          onChange={(event) => {
            setOperationId(event.target.value);
            setFieldErrors({});
            onOperationChange();
          }}
          options={operations.map((op) => ({ value: op.id, label: `${op.summary} (${op.id})` }))}
        />
      </Field>
      {operation.parameters.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t("studio.apiLookup.noParameters")}</p>
      ) : (
        <fieldset className="space-y-4">
          <legend className="mb-3 text-sm font-semibold">{t("studio.apiLookup.parameters")}</legend>
          {operation.parameters.map((parameter) => (
            <ParameterField
              key={`${operation.id}-${parameter.in}-${parameter.name}`}
              id={`param-${operation.id}-${parameter.name}`}
              parameter={parameter}
              value={operationValues[parameter.name] ?? ""}
              error={fieldErrors[parameter.name] || undefined}
              onChange={(value) => setValue(parameter.name, value)}
            />
          ))}
        </fieldset>
      )}
    </>
  );
}

export function ConsoleOperationCard({
  spec,
  reload,
  state,
  operationFieldId,
  onOperationChange,
}: {
  spec: Spec;
  reload: () => void;
  state: ConsoleOperationState;
  operationFieldId: string;
  /** another operation was picked */
  onOperationChange: () => void;
}) {
  const t = useT();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("studio.apiLookup.operationTitle")}</CardTitle>
        <CardDescription>{t("studio.apiLookup.operationDescription")}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {spec.state === "loading" ? (
          <p role="status" className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
            <Spinner />
            {t("studio.apiLookup.loadingSpec")}
          </p>
        ) : spec.state === "error" ? (
          <SpecProblem status={spec.status} onRetry={reload} />
        ) : (
          <OperationFields
            state={state}
            operationFieldId={operationFieldId}
            onOperationChange={onOperationChange}
          />
        )}
      </CardContent>
    </Card>
  );
}
