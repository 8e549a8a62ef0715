// Server rendering of the primitives inside a React Router stub: the markup a browser without
// JavaScript gets, with its labels and ARIA wiring.
// DataTable: data-table-render.test.tsx.
import { describe, expect, it } from "vitest";
import { Badge } from "./badge.tsx";
import { Button } from "./button.tsx";
import { Checkbox } from "./checkbox.tsx";
import { Combobox } from "./combobox.tsx";
import { ConfirmDialog } from "./confirm-dialog.tsx";
import { RowActions } from "./dropdown-menu.tsx";
import { Field } from "./field.tsx";
import { FormError } from "./form-error.tsx";
import { Input } from "./input.tsx";
import { LinkButton } from "./link-button.tsx";
import { PageHeader } from "./page-header.tsx";
import { Select } from "./select.tsx";
import { Stat } from "./stat.tsx";
import { Textarea } from "./textarea.tsx";
import { attr, render, tag } from "./ui-test-render.tsx";

describe("Button", () => {
  it("is a non-submitting button by default", () => {
    const html = render(<Button>Save</Button>);
    expect(attr(tag(html, "<button"), "type")).toBe("button");
  });

  it("passes type, name and value, and shows a pending state", () => {
    const html = render(
      <Button type="submit" name="intent" value="save" pending>
        Save
      </Button>,
    );
    const button = tag(html, "<button");
    expect(attr(button, "type")).toBe("submit");
    expect(attr(button, "name")).toBe("intent");
    expect(attr(button, "value")).toBe("save");
    expect(attr(button, "aria-busy")).toBe("true");
    expect(attr(button, "aria-disabled")).toBe("true");
    expect(button).not.toMatch(/\sdisabled=/);
    const spinner = tag(html, "<svg[^>]*lucide-loader-circle");
    expect(spinner).toContain("animate-spin");
    expect(attr(spinner, "aria-hidden")).toBe("true");
  });

  it("LinkButton is a link", () => {
    const html = render(<LinkButton to="/studio/keys/new">New key</LinkButton>);
    expect(attr(tag(html, "<a"), "href")).toBe("/studio/keys/new");
  });
});

describe("Field", () => {
  it("wires label, hint, error and required to the control", () => {
    const html = render(
      <Field label="Name" hint="Shown in the list" error="Enter a name" required>
        <Input name="name" />
      </Field>,
    );
    const input = tag(html, "<input");
    const id = attr(input, "id")!;
    expect(id).toBeTruthy();
    expect(attr(tag(html, "<label"), "for")).toBe(id);
    expect(attr(input, "aria-invalid")).toBe("true");
    expect(input).toMatch(/\srequired=""/);
    const describedBy = attr(input, "aria-describedby")!.split(" ");
    expect(describedBy).toEqual([`${id}-hint`, `${id}-error`]);
    expect(tag(html, `<p id="${id}-hint"`)).toBeTruthy();
    const error = tag(html, `<div id="${id}-error"`);
    expect(attr(error, "role")).toBe("alert");
    expect(html).toContain("Enter a name");
  });

  it("leaves aria-invalid off without an error, and keeps the control's own description", () => {
    const html = render(
      <Field label="Notes" id="notes">
        <Textarea name="notes" aria-describedby="extra" />
      </Field>,
    );
    const textarea = tag(html, "<textarea");
    expect(attr(textarea, "id")).toBe("notes");
    expect(attr(textarea, "aria-describedby")).toBe("extra");
    expect(attr(textarea, "aria-invalid")).toBeUndefined();
    expect(html).not.toContain('role="alert"');
  });

  it("works with a native select", () => {
    const html = render(
      <Field label="Kind" error={["Pick one"]}>
        <Select name="kind" placeholder="Choose…" options={[{ value: "secret", label: "Secret" }]} />
      </Field>,
    );
    const select = tag(html, "<select");
    expect(attr(select, "aria-invalid")).toBe("true");
    expect(attr(tag(html, "<label"), "for")).toBe(attr(select, "id"));
    expect(html).toMatch(/<option value="">Choose…<\/option><option value="secret">Secret<\/option>/);
  });
});

describe("Checkbox", () => {
  it("labels a native checkbox and links its hint", () => {
    const html = render(<Checkbox name="terms" value="1" label="I agree" hint="Required to continue" />);
    const box = tag(html, "<input");
    expect(attr(box, "type")).toBe("checkbox");
    expect(attr(tag(html, "<label"), "for")).toBe(attr(box, "id"));
    expect(attr(box, "aria-describedby")).toBe(`${attr(box, "id")}-hint`);
  });
});

describe("static pieces", () => {
  it("render their content", () => {
    const html = render(
      <>
        <PageHeader title="API keys" description="Keys for the API" actions={<Button>New</Button>} />
        <Badge tone="danger">Revoked</Badge>
        <Stat label="Credits" value="1,200" hint="Low balance" tone="warning" />
        <FormError title="Could not save">Try again</FormError>
        <FormError>{null}</FormError>
      </>,
    );
    expect(html).toMatch(/<h1[^>]*>API keys<\/h1>/);
    expect(html).toContain("Revoked");
    expect(html).toMatch(/<dt[^>]*>.*Credits<\/dt><dd[^>]*>1,200<\/dd><dd[^>]*>Low balance<\/dd>/);
    expect(html.match(/role="alert"/g)).toHaveLength(1);
  });
});

describe("RowActions", () => {
  it("has a labelled menu trigger", () => {
    const html = render(
      <RowActions label="Main site">
        <span />
      </RowActions>,
    );
    const trigger = tag(html, "<button");
    expect(attr(trigger, "aria-haspopup")).toBe("menu");
    expect(html).toContain('<span class="sr-only">Actions for Main site</span>');
  });
});

describe("ConfirmDialog without JavaScript", () => {
  it("renders the trigger as the submit button of a POST form with the fields and confirm=1", () => {
    const html = render(
      <ConfirmDialog
        trigger="Revoke"
        title="Revoke this key?"
        action="/studio/keys"
        fields={{ intent: "revoke", id: "k1" }}
      />,
    );
    const form = tag(html, "<form");
    expect(attr(form, "method")).toBe("post");
    expect(attr(form, "action")).toBe("/studio/keys");
    expect(html).toContain('<input type="hidden" name="intent" value="revoke"/>');
    expect(html).toContain('<input type="hidden" name="id" value="k1"/>');
    expect(html).toContain('<input type="hidden" name="confirm" value="1"/>');
    const button = tag(html, "<button");
    expect(attr(button, "type")).toBe("submit");
    // No dialog promised before hydration: the button submits directly.
    expect(button).not.toContain("aria-haspopup");
    expect(html).not.toContain("Revoke this key?");
  });
});

describe("Combobox", () => {
  it("is a labelled combobox whose hidden field carries the chosen value", () => {
    const html = render(
      <Field label="Movie" error="Choose a movie.">
        <Combobox name="movieId" options={[]} defaultOption={{ value: "m-1", label: "Dune" }} />
      </Field>,
    );
    const box = tag(html, '<input[^>]*role="combobox"');
    expect(attr(box, "value")).toBe("Dune");
    expect(attr(box, "aria-expanded")).toBe("false");
    expect(attr(box, "aria-invalid")).toBe("true");
    expect(attr(box, "name")).toBeUndefined();
    expect(attr(tag(html, "<label"), "for")).toBe(attr(box, "id"));
    expect(attr(tag(html, '<input[^>]*type="hidden"'), "value")).toBe("m-1");
    expect(html).toContain('aria-label="Clear the choice"');
  });

  it("sends an empty value and offers no clearing before anything is chosen", () => {
    const html = render(<Combobox name="cinemaId" source="/studio/data/cinemas/options" />);
    expect(attr(tag(html, '<input[^>]*type="hidden"'), "value")).toBe("");
    expect(html).not.toContain("Clear the choice");
  });
});
