// Server rendering for the primitives' tests (app/components/ui/*.test.tsx): a node inside a React Router
// stub with the English messages, and reading the markup's tags and attributes.
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import en from "../../../locales/en.json" with { type: "json" };
import { I18nProvider } from "../../lib/i18n.tsx";

export function render(node: ReactNode, url = "/studio/keys"): string {
  const Stub = createRoutesStub([
    {
      path: "/studio/keys",
      Component: () => (
        <I18nProvider lang="en" messages={en}>
          {node}
        </I18nProvider>
      ),
    },
  ]);
  return renderToString(<Stub initialEntries={[url]} />);
}

/** The opening tag of the first element matching `pattern` (e.g. `<input[^>]*name="q"`). */
export function tag(html: string, pattern: string): string {
  const match = new RegExp(`${pattern}[^>]*>`).exec(html);
  if (!match) throw new Error(`no match for ${pattern} in ${html}`);
  return match[0];
}

export const attr = (element: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(element)?.[1];
