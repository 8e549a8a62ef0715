// ConfirmDialog's submission: whether the dialog is open, one fetcher per opening, the outcome
// (success closes, failure keeps a message) and the toast of an action that outlives the dialog.
import { useEffect, useEffectEvent, useId, useRef, useState, type RefObject } from "react";
import { useFetcher } from "react-router";
import { useT, useTranslateRef } from "../../lib/i18n.tsx";
import { failureMessage, isActionFailure } from "./action-failure.ts";
import { adoptFetcherToast, showToastOnce, useToastFromData } from "./toast.ts";

/** The field every confirmed submission carries, with and without JavaScript. */
export const CONFIRM_FIELD = "confirm";

type ConfirmActionInput = {
  action: string;
  method: "post" | "put" | "patch" | "delete";
  fields: Record<string, string>;
  /** The caller's open state, when it controls the dialog. */
  openProp: boolean | undefined;
  onOpenChange: ((open: boolean) => void) | undefined;
  onSuccess: ((data: unknown) => void) | undefined;
};

export function useConfirmAction({
  action,
  method,
  fields,
  openProp,
  onOpenChange,
  onSuccess,
}: ConfirmActionInput) {
  const t = useT();
  const translate = useTranslateRef();
  const baseKey = useId();
  const [ownOpen, setOwnOpen] = useState(false);
  const requestedOpen = openProp ?? ownOpen;
  // One "session" per opening: a fresh fetcher key (an old failure is not shown again when the
  // dialog reopens) and whether this session's submission has completed.
  const [session, setSession] = useState({ open: requestedOpen, attempt: 0, completed: false });
  if (session.open !== requestedOpen) {
    setSession(
      requestedOpen
        ? { open: true, attempt: session.attempt + 1, completed: false }
        : { ...session, open: false },
    );
  }
  const fetcherKey = `confirm${baseKey}${session.attempt}`;
  const fetcher = useFetcher({ key: fetcherKey });
  // Whether a submission is running whose outcome this component has not seen yet.
  const awaiting = useRef(false);

  const pending = fetcher.state !== "idle";
  const failed = session.completed && !pending && isActionFailure(fetcher.data);
  const succeeded = session.completed && !pending && !failed;
  const open = requestedOpen && !succeeded;
  if (succeeded && ownOpen) setOwnOpen(false);

  const notifySuccess = useEffectEvent((data: unknown) => {
    onSuccess?.(data);
    onOpenChange?.(false);
  });
  useEffect(() => {
    if (succeeded) notifySuccess(fetcher.data);
    if (succeeded || failed) awaiting.current = false;
  }, [succeeded, failed, fetcher.data]);

  useToastOnExit(fetcher.data, fetcherKey, awaiting, translate);
  useToastFromData(succeeded ? fetcher.data : undefined);

  const changeOpen = (next: boolean) => {
    setOwnOpen(next);
    onOpenChange?.(next);
  };

  const payload = { ...fields, [CONFIRM_FIELD]: "1" };

  const confirm = async () => {
    const attempt = session.attempt;
    setSession((s) => ({ ...s, completed: false }));
    awaiting.current = true;
    try {
      await fetcher.submit(payload, { method, action });
    } finally {
      setSession((s) => (s.attempt === attempt ? { ...s, completed: true } : s));
    }
  };

  const failure = failed ? failureMessage(fetcher.data) : null;
  const message = failed ? (failure ? translate(failure) : t("ui.confirm.failed")) : null;
  return { fetcher, open, pending, payload, changeOpen, confirm, message };
}

/**
 * The action's result arrives before the revalidation that may remove this component (the row it
 * deletes): remember it, and show its toast on the way out if the dialog could not.
 */
function useToastOnExit(
  data: unknown,
  fetcherKey: string,
  awaiting: RefObject<boolean>,
  translate: ReturnType<typeof useTranslateRef>,
) {
  const latestData = useRef<unknown>(undefined);
  const translateOnExit = useRef(translate);
  useEffect(() => {
    latestData.current = data;
    translateOnExit.current = translate;
  });
  useEffect(
    () => () => {
      if (!awaiting.current) return;
      if (latestData.current !== undefined) showToastOnce(latestData.current, translateOnExit.current);
      else adoptFetcherToast(fetcherKey); // still running: <FetcherToasts> shows it when done
    },
    [awaiting, fetcherKey],
  );
}
