// The usage charts' axis ticks, tooltips and tables write days and numbers in the reader's language
// (issue #22 point 5): German, Arabic and Japanese, as the server renders them.
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { I18nProvider } from "../../lib/i18n.tsx";
import { useChartFormats } from "./chart-formats.ts";

function Formats() {
  const f = useChartFormats();
  return (
    <ul>
      <li>{f.shortDay("2026-03-10")}</li>
      <li>{f.longDay("2026-03-10")}</li>
      <li>{f.count(1234567)}</li>
      <li>{f.percent(0.125)}</li>
    </ul>
  );
}

const formatsIn = (lang: string) =>
  [
    ...renderToString(
      <I18nProvider lang={lang} messages={{}}>
        <Formats />
      </I18nProvider>,
    ).matchAll(/<li>(.*?)<\/li>/g),
  ].map((match) => match[1]);

describe("useChartFormats", () => {
  it("writes ticks, tooltip days, counts and rates in German", () => {
    expect(formatsIn("de")).toEqual(["10. März", "Di., 10. März 2026", "1.234.567", "12,5\u00a0%"]);
  });

  it("writes them in Arabic and Japanese, the day never shifted by a zone", () => {
    const [arShort, arLong] = formatsIn("ar");
    expect(arShort).toBe("10 مارس");
    expect(arLong).toBe("الثلاثاء، 10 مارس 2026");
    const [jaShort, jaLong, jaCount] = formatsIn("ja");
    expect(jaShort).toBe("3月10日");
    expect(jaLong).toBe("2026年3月10日(火)");
    expect(jaCount).toBe("1,234,567");
  });
});
