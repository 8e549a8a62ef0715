// The ticket panel as a modal dialog for a page's own time chips (the public site renders them as plain
// booking links, so they work before and without this script): `<a data-reeltime-ticket …>` (see
// ticketInfoFromLink). The dialog lives in a shadow root of its own, at the end of the body: the page's
// styles and the widget's never meet. Escape, the close button and a click beside it close it; focus
// then goes back to the chip.
import {
  direction,
  hasMessages,
  languageTag,
  loadMessages,
  pickLocale,
  type WidgetLocale,
} from "./messages.ts";
import { h, type TicketInfo, ticketInfoFromLink, ticketView } from "./view.ts";

export type Emit = (target: Element, name: string, detail: unknown) => void;

let shared: ShadowRoot | undefined;

/**
 * The panels' shadow root, made once and kept at the end of the body: its stylesheet (which the page
 * may have preloaded) has loaded by the time a visitor opens the first panel.
 */
export function ticketDialogRoot(stylesheet: string): ShadowRoot {
  if (!shared?.host.isConnected) {
    const host = h("div", { "data-reeltime-dialog": "" });
    shared = host.attachShadow({ mode: "open" });
    shared.append(h("link", { rel: "stylesheet", href: stylesheet }));
    document.body.append(host);
  }
  return shared;
}

/**
 * Opens the dialog for `anchor`, in the language of the link (its `lang`, else the page's), whose texts
 * come from beside `script` unless they are here already; false when the link lacks what a panel needs
 * (it stays a link).
 */
export function openTicketDialog(
  anchor: HTMLAnchorElement,
  stylesheet: string,
  emit: Emit,
  script: URL,
): boolean {
  const info = ticketInfoFromLink(anchor.href, anchor.dataset);
  if (!info) return false;
  const data = anchor.dataset;
  emit(anchor, "reeltime:showtime-click", {
    showtimeId: null,
    cinemaId: null,
    startsAt: data.startsAt ?? null,
    title: info.title,
    cinema: info.cinema,
  });

  const asked = pickLocale(anchor.closest("[lang]")?.getAttribute("lang"));
  const show = (locale: WidgetLocale) => {
    const root = ticketDialogRoot(stylesheet);
    // One panel at a time (a second click while the texts were loading).
    for (const open of root.querySelectorAll("dialog")) open.close();
    const dialog = dialogOf(anchor, info, locale, emit);
    root.append(dialog);
    dialog.showModal();
  };
  if (hasMessages(asked)) show(asked);
  else void loadMessages(asked, script).then(show);
  return true;
}

function dialogOf(
  anchor: HTMLAnchorElement,
  info: TicketInfo,
  locale: WidgetLocale,
  emit: Emit,
): HTMLDialogElement {
  const tag = languageTag(locale);
  const dir = direction(locale);
  const dialog = h("dialog", {
    class: "rt-dialog",
    "aria-labelledby": `rt-panel-${info.id}`,
    lang: tag,
    dir,
  });
  const close = () => {
    if (dialog.open) dialog.close();
  };
  const panel = ticketView(info, locale, close, (url) =>
    emit(anchor, "reeltime:book", { showtimeId: null, url }),
  );
  dialog.append(h("div", { class: "rt", "data-theme": "auto", lang: tag, dir }, panel));
  // A click on the backdrop lands on the dialog itself (its content fills it).
  dialog.addEventListener("click", (event) => {
    if (event.target === dialog) close();
  });
  dialog.addEventListener("close", () => {
    dialog.remove();
    anchor.focus();
  });
  return dialog;
}

/** A plain left click (no modifier): the others keep their meaning (new tab, new window, download). */
export function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}
