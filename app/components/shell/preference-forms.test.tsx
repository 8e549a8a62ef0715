// The studio's language menu as the server renders it (issue #22): without JavaScript a native select in a
// plain form, every language under its own name, in its language and direction, with a submit button.
// Once React runs it becomes a searchable combobox (tests/e2e/studio/offered-locales.spec.ts).
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import en from "../../../locales/en.json" with { type: "json" };
import { localeOptions } from "../../../core/i18n/locale-names.ts";
import { I18nProvider } from "../../lib/i18n.tsx";
import { InterfaceLocaleSwitcher } from "./preference-forms.tsx";

function render(locale: string) {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/studio/user/login",
      Component: () => (
        <I18nProvider lang="en" messages={en}>
          <InterfaceLocaleSwitcher options={localeOptions()} />
        </I18nProvider>
      ),
    },
  ]);
  return renderToString(
    <Stub initialEntries={["/studio/user/login?x=1"]} hydrationData={{ loaderData: { root: { locale } } }} />,
  );
}

describe("InterfaceLocaleSwitcher on the server", () => {
  const html = render("de");

  it("is a labelled select in a form posting to /preferences/locale, back to this page", () => {
    const form = html.match(/<form\b[^>]*>/)?.[0] ?? "";
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/preferences/locale"');
    expect(html).toMatch(/<input type="hidden" name="redirectTo" value="\/studio\/user\/login\?x=1"\/>/);
    expect(html).toMatch(/<label for="studio-locale" class="sr-only">Language<\/label>/);
    expect(html).toMatch(/<select id="studio-locale" name="locale"/);
    // The button that submits it without JavaScript.
    expect(html).toMatch(/<noscript><button type="submit"[^>]*>Switch<\/button><\/noscript>/);
  });

  it("offers every language under its own name, in its language and direction, the current one chosen", () => {
    const options = [...html.matchAll(/<option ([^>]*)>([^<]*)<\/option>/g)];
    expect(options).toHaveLength(53);
    expect(html).toContain('<option value="de" lang="de" dir="ltr" selected="">Deutsch</option>');
    expect(html).toContain('<option value="ar" lang="ar" dir="rtl">العربية</option>');
    expect(html).toContain('<option value="ja" lang="ja" dir="ltr">日本語</option>');
    expect(html).toContain('<option value="pt_br" lang="pt-BR" dir="ltr">Português (Brasil)</option>');
  });
});
