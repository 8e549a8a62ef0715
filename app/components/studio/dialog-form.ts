// The wiring every studio dialog form repeats, in one call: the fetcher and Conform form of
// intent-form.tsx, and the props its <IntentForm> takes from them, from the page (FormBase) and from the
// form itself (its hidden values and submit label).
import type { useAppForm } from "../../lib/forms.ts";
import { type FormBase, useIntentForm } from "./intent-form.tsx";

type Schema = Parameters<typeof useAppForm>[0]["schema"];

/**
 * `id` is the form's id, its fields' ids derive from it (default: the fetcher's key); the action's answer
 * to `intent` is the last result. `frame` goes to <IntentForm {...frame}>.
 */
export function useDialogForm<S extends Schema>(
  { action, fetcherKey, onSaved, secondary }: FormBase,
  options: {
    id?: string;
    intent: string;
    schema: S;
    defaultValue?: Parameters<typeof useAppForm<S>>[0]["defaultValue"];
    /** posted beside the fields (the id of what is edited) */
    hidden?: Record<string, string>;
    submitLabel: string;
  },
) {
  const { id, intent, schema, defaultValue, hidden, submitLabel } = options;
  const { fetcher, form, fields } = useIntentForm({ fetcherKey, onSaved, id, intent, schema, defaultValue });
  return { fetcher, fields, frame: { fetcher, form, action, intent, hidden, secondary, submitLabel } };
}

/**
 * A form that creates a thing, or updates the one whose id it was given: the intent and schema that
 * follow, and that id posted beside the fields under `idName`. Spread into useDialogForm's options.
 */
export function createOrUpdate<Create extends Schema, Update extends Schema>(
  idName: string,
  id: string | undefined,
  schemas: [create: Create, update: Update],
  intents: [create: string, update: string] = ["create", "update"],
): { intent: string; schema: Create | Update; hidden?: Record<string, string> } {
  return id
    ? { intent: intents[1], schema: schemas[1], hidden: { [idName]: id } }
    : { intent: intents[0], schema: schemas[0] };
}
