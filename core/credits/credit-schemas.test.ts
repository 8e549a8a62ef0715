import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  createOfferSchema,
  formatAmountInput,
  parseAmount,
  parseWholeNumber,
  priceInMinorUnits,
  recordPurchaseSchema,
} from "./credit-schemas.ts";
import * as forms from "./credit-schemas.ts";

describe("credits form values", () => {
  it("reads whole numbers as people type them, and nothing else", () => {
    expect(parseWholeNumber("10000")).toBe(10_000);
    expect(parseWholeNumber("-250")).toBe(-250);
    expect(parseWholeNumber("100,000")).toBe(100_000);
    expect(parseWholeNumber("1.000.000")).toBe(1_000_000);
    expect(parseWholeNumber("10 000")).toBe(10_000);
    for (const text of ["1.5", "1,00", "", "12a", "1,000.000", "1e5", "0x10"])
      expect(parseWholeNumber(text)).toBeNaN();
  });

  it("reads a whole price typed in an offer form as currency units, not minor units", () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({
      name: "Growth",
      credits: "1000",
      price: "59",
      currency: "EUR",
    }))
      form.set(name, value);
    const parsed = parseWithZod(form, { schema: createOfferSchema });
    expect(parsed.status).toBe("success");
    const price = parsed.status === "success" ? parsed.value.price : "";
    expect(priceInMinorUnits(price, "EUR")).toBe(5900);
  });

  it("reads amounts into minor units of the currency", () => {
    expect(parseAmount("49", "EUR")).toBe(4900);
    expect(parseAmount("49.5", "EUR")).toBe(4950);
    expect(parseAmount("49,95", "EUR")).toBe(4995);
    expect(parseAmount("2,490.00", "EUR")).toBe(249_000);
    expect(parseAmount("2.490,00", "EUR")).toBe(249_000);
    expect(parseAmount("500", "JPY")).toBe(500);
    for (const text of ["", "abc", "-5", "1.2.3,4,5x"]) expect(parseAmount(text, "EUR")).toBeNull();
    expect(formatAmountInput(249_000, "EUR")).toBe("2490.00");
    expect(formatAmountInput(500, "JPY")).toBe("500");
  });

  it("a custom purchase carries its amount; an offer's purchase takes the offer's", () => {
    const custom = recordPurchaseSchema.parse({
      clientId: "7b0c4f0e-2f7e-4c69-9a51-0d3f0c1d2e3f",
      credits: "5,000",
      price: "25",
      currency: "eur",
    });
    expect(custom).toMatchObject({ credits: 5000, price: "25", currency: "EUR" });
    expect(priceInMinorUnits(custom.price!, custom.currency)).toBe(2500);
    const offer = recordPurchaseSchema.parse({
      clientId: "7b0c4f0e-2f7e-4c69-9a51-0d3f0c1d2e3f",
      offerId: "8b0c4f0e-2f7e-4c69-9a51-0d3f0c1d2e3f",
      credits: "",
      price: "",
    });
    expect(offer.offerId).toBe("8b0c4f0e-2f7e-4c69-9a51-0d3f0c1d2e3f");
  });
});

describe("parsed form values parse again to themselves", () => {
  it("an offer", () => {
    const once = createOfferSchema.parse({
      name: "Growth",
      credits: "100,000",
      price: "349",
      visibleToClients: "on",
    });
    expect(once).toMatchObject({ credits: 100_000, price: "349", currency: "EUR", visibleToClients: true });
    expect(createOfferSchema.parse(once)).toEqual(once);
  });
});

describe("every form schema", () => {
  it("gives Conform its field constraints (no transform of the whole form)", () => {
    const formSchemas = {
      createOfferSchema: forms.createOfferSchema,
      updateOfferSchema: forms.updateOfferSchema,
      deleteOfferSchema: forms.deleteOfferSchema,
      recordPurchaseSchema: forms.recordPurchaseSchema,
      confirmPurchaseSchema: forms.confirmPurchaseSchema,
      cancelPurchaseSchema: forms.cancelPurchaseSchema,
      refundPurchaseSchema: forms.refundPurchaseSchema,
      requestCreditsSchema: forms.requestCreditsSchema,
      adjustBalanceSchema: forms.adjustBalanceSchema,
      setThresholdSchema: forms.setThresholdSchema,
      setCreditCostSchema: forms.setCreditCostSchema,
    };
    for (const [name, schema] of Object.entries(formSchemas)) {
      expect(schema._zod.def.type, name).toBe("object");
      expect(() => getZodConstraint(schema), name).not.toThrow();
    }
  });
});
