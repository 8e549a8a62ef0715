// Country and language names as a studio page renders them: in the interface language, the stored
// name only where Intl has none (issue #22 point 5: Dutch pages showed "France", "Albania").
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { useDisplayNames } from "./use-display-names.ts";
import { I18nProvider } from "./i18n.tsx";

function Names() {
  const names = useDisplayNames();
  return (
    <p>
      {[
        names.country("FR", "France"),
        names.country("AL", "Albania"),
        names.country("QQ", "Kwik"),
        names.language("de"),
      ].join("|")}
    </p>
  );
}

const render = (lang: string) =>
  renderToString(
    <I18nProvider lang={lang} messages={{}}>
      <Names />
    </I18nProvider>,
  );

describe("useDisplayNames", () => {
  it("names countries and languages in Dutch on a Dutch page", () => {
    expect(render("nl")).toBe("<p>Frankrijk|Albanië|Kwik|Duits</p>");
  });

  it("names them in German and in Arabic", () => {
    expect(render("de")).toBe("<p>Frankreich|Albanien|Kwik|Deutsch</p>");
    expect(render("ar")).toContain("فرنسا");
  });
});
