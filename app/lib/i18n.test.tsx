import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { I18nProvider, isolateValues, useT } from "./i18n.tsx";

const FSI = "\u2068";
const PDI = "\u2069";

describe("isolateValues", () => {
  it("isolates plain text arguments in right-to-left languages only", () => {
    const message = "أُضيف {movie} في {cinema}";
    expect(isolateValues("ar", message, { movie: "2001: A Space Odyssey", cinema: "Kriterion" })).toEqual({
      movie: `${FSI}2001: A Space Odyssey${PDI}`,
      cinema: `${FSI}Kriterion${PDI}`,
    });
    expect(isolateValues("fa-IR", "{movie}", { movie: "28 Years Later" })).toEqual({
      movie: `${FSI}28 Years Later${PDI}`,
    });
    expect(isolateValues("nl", "{movie} toegevoegd", { movie: "Dune" })).toEqual({ movie: "Dune" });
  });

  it("leaves select and plural arguments, numbers and empty text as they are", () => {
    const message = "{kind, select, country {بلد {name}} other {حزمة}} {count, plural, other {# عروض}}";
    expect(isolateValues("he", message, { kind: "country", name: "France", count: 3, empty: "" })).toEqual({
      kind: "country",
      name: `${FSI}France${PDI}`,
      count: 3,
      empty: "",
    });
  });
});

describe("useT", () => {
  function Probe() {
    const t = useT();
    return (
      <p>
        {t("studio.dataShowtimes.toast.added", {
          movie: "2001: A Space Odyssey",
          cinema: "Kriterion",
          date: "2026-12-01",
          time: "20:15",
        })}
      </p>
    );
  }

  it("keeps a leading-digit title in its own direction inside an Arabic sentence, and English untouched", () => {
    const arabic = renderToString(
      <I18nProvider
        lang="ar"
        messages={{ "studio.dataShowtimes.toast.added": "أُضيف العرض: {movie} في {cinema}، {date} {time}." }}
      >
        <Probe />
      </I18nProvider>,
    );
    expect(arabic).toContain(`${FSI}2001: A Space Odyssey${PDI}`);
    const english = renderToString(
      <I18nProvider
        lang="en"
        messages={{
          "studio.dataShowtimes.toast.added": "Showtime added: {movie} at {cinema}, {date} {time}.",
        }}
      >
        <Probe />
      </I18nProvider>,
    );
    expect(english).toContain("Showtime added: 2001: A Space Odyssey at Kriterion, 2026-12-01 20:15.");
  });
});
