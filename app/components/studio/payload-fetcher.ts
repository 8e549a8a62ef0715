// The fetcher of a form whose success carries a payload (a saved client's id, a revealed API key):
// useFormFetcher (intent-form.tsx) for forms that post outside IntentForm and need the payload.
import { useEffect, useEffectEvent } from "react";
import { useFetcher } from "react-router";
import type { ActionResult } from "../../lib/forms.ts";
import { useToastFromData } from "../ui/toast.ts";

/** The toast of the fetcher's answer, and `onSuccess(payload)` once it succeeded. */
export function usePayloadFetcher<Payload>(
  fetcherKey: string,
  onSuccess: (payload: Payload | undefined) => void,
) {
  const fetcher = useFetcher<ActionResult<Payload>>({ key: fetcherKey });
  // The form shows a refusal itself (above or beside its fields): only successes are toasted.
  useToastFromData(fetcher.state === "idle" ? fetcher.data : undefined, { errorsShownInline: true });
  const succeeded = useEffectEvent((payload: Payload | undefined) => onSuccess(payload));
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.result.status === "success")
      succeeded(fetcher.data.payload);
  }, [fetcher.state, fetcher.data]);
  return fetcher;
}
