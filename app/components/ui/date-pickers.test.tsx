// Server rendering of the date pickers: native date inputs with their labels, hint and error wiring, and
// a reversed range refused at its last day.
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DatePicker } from "./date-picker.tsx";
import { DateRangePicker } from "./date-range-picker.tsx";
import { Field } from "./field.tsx";

const render = (node: ReactNode) => renderToString(node);

/** The opening tag of the first element matching `pattern` (e.g. `<input[^>]*name="from"`). */
function tag(html: string, pattern: string): string {
  const match = new RegExp(`${pattern}[^>]*>`).exec(html);
  if (!match) throw new Error(`no ${pattern} in ${html}`);
  return match[0];
}

describe("DatePicker", () => {
  it("is a native date input wired to its Field's label, hint and error", () => {
    const html = render(
      <Field label="Day" hint="The listing day" error="Enter a date" id="day" required>
        <DatePicker name="day" defaultValue="2026-11-24" />
      </Field>,
    );
    const input = tag(html, '<input[^>]*name="day"');
    expect(input).toContain('type="date"');
    expect(input).toContain('id="day"');
    expect(input).toContain('value="2026-11-24"');
    expect(input).toContain('aria-describedby="day-hint day-error"');
    expect(input).toContain('aria-invalid="true"');
    expect(input).toContain("required");
    expect(input).toContain("dark:scheme-dark");
    expect(html).toContain('<label for="day"');
  });
});

describe("DateRangePicker", () => {
  const props = {
    legend: "Listing days",
    fromLabel: "From",
    toLabel: "To",
    orderError: "The last day cannot be before the first.",
    hint: "03:00 to 03:00",
  };

  it("groups two labelled days under a legend, the last no earlier than the first", () => {
    const html = render(
      <DateRangePicker {...props} defaultValue={{ from: "2026-11-24", to: "2026-12-01" }} />,
    );
    expect(html).toContain("<fieldset");
    expect(html).toMatch(/<legend[^>]*>Listing days<\/legend>/);
    const from = tag(html, '<input[^>]*name="from"');
    const to = tag(html, '<input[^>]*name="to"');
    expect(from).toContain('value="2026-11-24"');
    expect(to).toContain('min="2026-11-24"');
    expect(to).not.toContain("aria-invalid=");
    expect(html).not.toContain(props.orderError);
    const labelFor = (id: string) => new RegExp(`<label for="${id.replace(/[^\w-]/g, "\\$&")}"[^>]*>To`);
    expect(html).toMatch(labelFor(/id="([^"]+)"/.exec(to)![1]!));
  });

  it("refuses a last day before the first with its message at the last day", () => {
    const html = render(
      <DateRangePicker
        {...props}
        defaultValue={{ from: "2026-11-24", to: "2026-11-20" }}
        toError="Too far"
      />,
    );
    const to = tag(html, '<input[^>]*name="to"');
    expect(to).toContain('aria-invalid="true"');
    expect(html).toContain('role="alert"');
    expect(html).toContain(props.orderError);
    expect(html).toContain("Too far");
  });
});
