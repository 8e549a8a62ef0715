// The map pin beside cinema names: one SVG symbol per page, used by every cinema.
/**
 * The map pin is drawn once and used by every cinema: a listing has dozens of cinemas, and a full SVG
 * each (lucide's MapPin) added more than 400 bytes apiece to the page.
 */
export function MapPinSymbol() {
  return (
    <svg aria-hidden="true" className="hidden">
      <symbol id="map-pin" viewBox="0 0 24 24">
        <path d="M20 10c0 4.993-5.539 10.193-7.399 11.799a1 1 0 0 1-1.202 0C9.539 20.193 4 14.993 4 10a8 8 0 0 1 16 0" />
        <circle cx="12" cy="10" r="3" />
      </symbol>
    </svg>
  );
}

export function MapPinIcon() {
  return (
    <svg
      aria-hidden="true"
      className="size-4 self-center fill-none stroke-slate-500 stroke-2 [stroke-linecap:round] [stroke-linejoin:round]"
    >
      <use href="#map-pin" />
    </svg>
  );
}
