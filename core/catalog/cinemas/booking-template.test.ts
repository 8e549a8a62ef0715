import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEMO_BOOKING_TEMPLATES, demoPosSiteIds, demoShowIds } from "../../../db/seed/booking-templates.ts";
import {
  BOOKING_PLACEHOLDERS,
  bookingTemplateProblem,
  fillBookingTemplate,
  SAMPLE_BOOKING_VALUES,
} from "./booking-template.ts";

const show = { source_ref: "5123", cinema_ref: "KBRE", date: "2026-03-28", time: "20:15" };

describe("booking URL templates", () => {
  it("accepts https templates whose placeholders come after the site's address", () => {
    for (const template of [
      "https://tickets.example.nl/show/{source_ref}",
      "https://tickets.example.nl/{cinema_ref}/{date}?time={time}&id={source_ref}",
      "https://tickets.example.nl?id={source_ref}",
      "https://tickets.example.nl/#/show/{source_ref}",
      "https://tickets.example.nl/programme",
    ])
      expect(bookingTemplateProblem(template), template).toBeUndefined();
  });

  it("says what is wrong with a template that cannot be saved", () => {
    expect(bookingTemplateProblem("https://x.example.nl/{film}/{source_ref}")).toEqual({
      reason: "placeholder",
      placeholder: "{film}",
    });
    expect(bookingTemplateProblem("https://x.example.nl/{source_ref")).toEqual({ reason: "brace" });
    expect(bookingTemplateProblem("https://x.example.nl/}{source_ref}")).toEqual({ reason: "brace" });
    for (const template of [
      "http://x.example.nl/{source_ref}",
      "/book/{source_ref}",
      "javascript:alert(1)//{source_ref}",
      "javascript:alert(1)",
      "data:text/html,{source_ref}",
      "ftp://x.example.nl/{source_ref}",
      "https://localhost/{source_ref}",
      "{source_ref}",
    ])
      expect(bookingTemplateProblem(template), template).toEqual({ reason: "https" });
    for (const template of [
      "https://{cinema_ref}.example.nl/{source_ref}",
      "https://example.nl{source_ref}",
      "https://example.nl.{source_ref}/x",
      "https://{source_ref}",
      "https://user@example.nl/{source_ref}",
      "https://example.nl@evil.example/{source_ref}",
      "https://example.nl:{time}/x",
    ])
      expect(bookingTemplateProblem(template), template).toEqual({ reason: "host" });
  });

  it("fills in every placeholder, percent-encoded", () => {
    expect(
      fillBookingTemplate("https://x.example.nl/{cinema_ref}/{date}?t={time}&id={source_ref}", {
        ...show,
        source_ref: "a b/1?x=2#y",
      }),
    ).toBe("https://x.example.nl/KBRE/2026-03-28?t=20%3A15&id=a%20b%2F1%3Fx%3D2%23y");
    expect(fillBookingTemplate("https://x.example.nl/programme", show)).toBe(
      "https://x.example.nl/programme",
    );
  });

  it("makes no link when a value it needs is missing, or the template is invalid", () => {
    expect(
      fillBookingTemplate("https://x.example.nl/{cinema_ref}/{source_ref}", { source_ref: "1" }),
    ).toBeNull();
    expect(fillBookingTemplate("https://x.example.nl/{source_ref}", { source_ref: "" })).toBeNull();
    expect(fillBookingTemplate("https://x.example.nl/{source_ref}", { source_ref: null })).toBeNull();
    expect(fillBookingTemplate("javascript:alert({source_ref})", show)).toBeNull();
    expect(fillBookingTemplate("http://x.example.nl/{source_ref}", show)).toBeNull();
    expect(fillBookingTemplate("https://{source_ref}/x", { source_ref: "evil.example" })).toBeNull();
  });

  it("never leaves the template's https site, whatever a feed's reference holds", () => {
    const template = "https://tickets.example.nl/{cinema_ref}/show?id={source_ref}&d={date}#{time}";
    const hostile = fc.oneof(
      fc.string(),
      fc.constantFrom(
        "//evil.example",
        "@evil.example",
        "javascript:alert(1)",
        "../../../../",
        "%2F%2Fevil.example",
        "\u0000\r\n",
        "https://evil.example/",
        ":443@evil.example",
      ),
    );
    fc.assert(
      fc.property(hostile, hostile, hostile, hostile, (source_ref, cinema_ref, date, time) => {
        const link = fillBookingTemplate(template, { source_ref, cinema_ref, date, time });
        if (link === null) return [source_ref, cinema_ref, date, time].some((v) => v === "");
        const url = new URL(link);
        return url.protocol === "https:" && url.host === "tickets.example.nl" && !url.username;
      }),
    );
  });

  it("lists each placeholder once, and the sample show fills them all", () => {
    expect(new Set(BOOKING_PLACEHOLDERS).size).toBe(BOOKING_PLACEHOLDERS.length);
    const all = `https://x.example.nl/${BOOKING_PLACEHOLDERS.map((p) => `{${p}}`).join("/")}`;
    expect(fillBookingTemplate(all, SAMPLE_BOOKING_VALUES)).toBe(
      "https://x.example.nl/12345/AMS01/2026-11-24/20%3A15",
    );
  });

  it("has valid templates for the demo chains, and a code for each cinema that needs one", () => {
    for (const [chain, entry] of Object.entries(DEMO_BOOKING_TEMPLATES))
      for (const template of Object.values(entry.byCountry)) {
        expect(bookingTemplateProblem(template), `${chain}: ${template}`).toBeUndefined();
        expect(template.includes("{cinema_ref}"), chain).toBe(entry.cinemaRef === true);
      }
    const codes = demoPosSiteIds([
      { slug: "breda", name: "Kinepolis Breda", chain: "kinepolis", country: "NL" },
      { slug: "metz", name: "Kinepolis Amphitheatre", chain: "kinepolis", country: "FR" },
      { slug: "metz-2", name: "Amphithéâtre", chain: "kinepolis", country: "FR" },
      { slug: "tuschinski", name: "Pathé Tuschinski", chain: "pathe", country: "NL" },
      { slug: "kinepolis-be", name: "Kinepolis Antwerpen", chain: "kinepolis", country: "BE" },
    ]);
    expect(Object.fromEntries(codes)).toEqual({ breda: "KBRE", metz: "KAMP", "metz-2": "KAMP2" });
    const ids = demoShowIds(
      [
        { cinemaSlug: "tuschinski", sourceRef: "demo:tuschinski:1" },
        { cinemaSlug: "kriterion", sourceRef: "demo:kriterion:1" },
        { cinemaSlug: "breda", sourceRef: "demo:breda:1" },
        { cinemaSlug: "tuschinski", sourceRef: "demo:tuschinski:2" },
      ],
      new Set(["tuschinski", "breda"]),
    );
    expect(Object.fromEntries(ids)).toEqual({
      "demo:breda:1": "1000001",
      "demo:tuschinski:1": "2000001",
      "demo:tuschinski:2": "2000002",
    });
  });
});
