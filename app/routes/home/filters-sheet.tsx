// Phones (app.css's `phone` variant, ≤ 480 px): the search form's filters and order fold behind a
// "Filters" button, so that the first screen shows showtimes. Wider screens show them in the form as before.
//
// Without JavaScript the button is a link to #filters and the sheet opens by :target (its Close is a link
// back to the button; its submit applies the form). Once React runs on a phone the sheet is a modal
// <dialog> (focus kept inside, Escape closes, focus back on the button); filters apply as they are ticked,
// so its "Show 23 showtimes" counts the listing behind it.
import { SlidersHorizontal } from "lucide-react";
import { type ReactNode, type RefObject, useEffect, useSyncExternalStore } from "react";
import { useHydrated } from "../../components/ui/use-hydrated.ts";
import { useT } from "../../lib/i18n.tsx";

/** The same width as app.css's `phone` variant. */
const PHONE_QUERY = "(width <= 480px)";
const SHEET_ID = "filters";
const BUTTON_ID = "filters-button";

function subscribeToPhone(onChange: () => void) {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** True in a phone-sized browser once React runs (false on the server and while hydrating). */
function usePhone() {
  return useSyncExternalStore(
    subscribeToPhone,
    () => window.matchMedia(PHONE_QUERY).matches,
    () => false,
  );
}

/** Whether the sheet is a modal dialog: React runs on a phone-sized screen. */
function useModalSheet() {
  const hydrated = useHydrated();
  const phone = usePhone();
  return hydrated && phone;
}

/** "Filters (2)": opens the sheet. Shown on phones only (CSS). */
export function FiltersButton({
  sheet,
  selected,
}: {
  sheet: RefObject<HTMLDialogElement | null>;
  selected: number;
}) {
  const t = useT();
  const modal = useModalSheet();
  const label = (
    <>
      <SlidersHorizontal aria-hidden="true" className="size-4" />
      {t("home.filtersButton", { count: selected })}
    </>
  );
  if (!modal)
    return (
      <a id={BUTTON_ID} href={`#${SHEET_ID}`} className="filters-button">
        {label}
      </a>
    );
  return (
    <button
      id={BUTTON_ID}
      type="button"
      aria-haspopup="dialog"
      className="filters-button"
      onClick={() => sheet.current?.showModal()}
    >
      {label}
    </button>
  );
}

/**
 * The filters and the order: in the form on wide screens; a sheet on phones, with the count of showtimes
 * the filters leave and buttons to apply and to close.
 */
export function FiltersSheet({
  sheet,
  showtimeCount,
  children,
}: {
  sheet: RefObject<HTMLDialogElement | null>;
  showtimeCount: number;
  children: ReactNode;
}) {
  const t = useT();
  const modal = useModalSheet();
  // The link was followed before the scripts ran (the no-JavaScript sheet is open): the dialog takes over.
  useEffect(() => {
    if (!modal || window.location.hash !== `#${SHEET_ID}`) return;
    window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
    sheet.current?.showModal();
  }, [modal, sheet]);
  const close = () => sheet.current?.close();
  const content = (
    <>
      <div className="filters-sheet-head">
        <h2 id="filters-title">{t("home.filters")}</h2>
        {modal ? (
          <button type="button" className="filters-sheet-close" onClick={close}>
            {t("home.closeFilters")}
          </button>
        ) : (
          <a href={`#${BUTTON_ID}`} className="filters-sheet-close">
            {t("home.closeFilters")}
          </a>
        )}
      </div>
      <div className="filters-sheet-body">{children}</div>
      {/* The count changes as filters apply (with JavaScript): said when it does. */}
      <div className="filters-sheet-foot" aria-live="polite">
        <button type="submit" className="filters-sheet-apply" onClick={modal ? close : undefined}>
          {t("home.showShowtimes", { count: showtimeCount })}
        </button>
      </div>
    </>
  );
  if (modal)
    return (
      <dialog ref={sheet} id={SHEET_ID} className="filters-sheet" aria-labelledby="filters-title">
        {content}
      </dialog>
    );
  return (
    <div id={SHEET_ID} role="group" className="filters-sheet" aria-labelledby="filters-title">
      {content}
    </div>
  );
}
