// The page's half of a dialog's form (FormBase, app/components/studio/intent-form.tsx): where it posts,
// its fetcher's key for this opening, closing the dialog once saved, and the Cancel button beside submit.
import type { ReactNode } from "react";
import type { FormBase } from "../../../components/studio/intent-form.tsx";
import * as List from "../../../components/studio/list-page.tsx";

/** `formBase(fetcherKey)`: the FormBase props of one opening of a dialog that posts to `action`. */
export function dialogFormBase(action: string, close: () => void, cancelLabel: ReactNode) {
  const secondary = <List.CancelButton>{cancelLabel}</List.CancelButton>;
  return (fetcherKey: string): FormBase => ({ action, fetcherKey, onSaved: close, secondary });
}
