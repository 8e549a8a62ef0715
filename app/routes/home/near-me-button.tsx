import { LocateFixed } from "lucide-react";
import { useState, useSyncExternalStore } from "react";
import { useNavigate } from "react-router";
import { useT } from "../../lib/i18n.tsx";
import { listingParams, type ListingState } from "./listing-params.ts";

const noSubscription = () => () => {};

/** "Near me" needs the browser's geolocation, so it appears only once JavaScript runs. */
export function NearMeButton({ listing }: { listing: ListingState }) {
  const t = useT();
  const navigate = useNavigate();
  const supported = useSyncExternalStore(
    noSubscription,
    () => "geolocation" in navigator,
    () => false,
  );
  const [state, setState] = useState<"idle" | "locating" | "denied">("idle");
  if (!supported) return null;
  return (
    <div className="flex flex-col gap-1">
      <button
        type="button"
        disabled={state === "locating"}
        onClick={() => {
          setState("locating");
          navigator.geolocation.getCurrentPosition(
            (position) => {
              setState("idle");
              const params = new URLSearchParams({
                near: `${position.coords.latitude.toFixed(4)},${position.coords.longitude.toFixed(4)}`,
              });
              listingParams(params, listing, {});
              void navigate(`/?${params.toString()}`);
            },
            () => setState("denied"),
            { timeout: 10_000, maximumAge: 300_000 },
          );
        }}
        className="flex items-center gap-2 rounded-md border border-slate-400 px-4 py-2 font-medium hover:bg-white disabled:opacity-60 phone:px-2.5 dark:border-slate-600 dark:hover:bg-slate-800"
      >
        <LocateFixed aria-hidden="true" className="size-4 phone:size-5" />
        <span className="phone:sr-only">{state === "locating" ? t("home.locating") : t("home.nearMe")}</span>
      </button>
      {state === "denied" ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {t("home.locationDenied")}
        </p>
      ) : null}
    </div>
  );
}
