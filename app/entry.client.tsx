// The browser's entry: React Router's default, except that a studio document's messages (named by its
// preload link, SPEC §7) are loaded before hydrating, so the first client render has the text the
// server rendered. When they cannot be loaded the page is not hydrated: it keeps its server-rendered
// text and its plain forms (which work without JavaScript) and logs a warning.
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { loadCatalogue, MESSAGES_PRELOAD_SELECTOR, warnCatalogueFailed } from "./lib/message-catalogues.ts";

async function documentMessagesLoaded(): Promise<boolean> {
  const url = document.querySelector(MESSAGES_PRELOAD_SELECTOR)?.getAttribute("href");
  if (!url) return true;
  try {
    await loadCatalogue(url);
    return true;
  } catch (error) {
    warnCatalogueFailed(url, error);
    return false;
  }
}

void documentMessagesLoaded().then((loaded) => {
  if (!loaded) return;
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
