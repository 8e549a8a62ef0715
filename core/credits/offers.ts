// The offer record as the studio sees it, and when an offer is on sale.
import { and, gt, isNull, lte, or, type SQL } from "drizzle-orm";
import { creditOffers } from "../../db/schema/credits.ts";

export type OfferRecord = {
  id: string;
  name: string;
  credits: number;
  price: number;
  currency: string;
  activeFrom: Date | null;
  activeUntil: Date | null;
  visibleToClients: boolean;
  createdAt: Date;
};

export const offerColumns = {
  id: creditOffers.id,
  name: creditOffers.name,
  credits: creditOffers.credits,
  price: creditOffers.price,
  currency: creditOffers.currency,
  activeFrom: creditOffers.activeFrom,
  activeUntil: creditOffers.activeUntil,
  visibleToClients: creditOffers.visibleToClients,
  createdAt: creditOffers.createdAt,
};

/** On sale at `now`: started (or no start) and not yet ended (or no end). */
export function offerActiveAt(now: Date): SQL {
  return and(
    or(isNull(creditOffers.activeFrom), lte(creditOffers.activeFrom, now)),
    or(isNull(creditOffers.activeUntil), gt(creditOffers.activeUntil, now)),
  )!;
}

export type OfferState = "active" | "scheduled" | "ended";

export function offerState(offer: Pick<OfferRecord, "activeFrom" | "activeUntil">, now: Date): OfferState {
  if (offer.activeFrom && offer.activeFrom > now) return "scheduled";
  if (offer.activeUntil && offer.activeUntil <= now) return "ended";
  return "active";
}

/** A form's calendar days as the offer's window: from the start of the first day to the end of the last (UTC). */
export function offerWindow(activeFrom: string | undefined, activeUntil: string | undefined) {
  return {
    activeFrom: activeFrom ? new Date(`${activeFrom}T00:00:00.000Z`) : null,
    activeUntil: activeUntil ? new Date(Date.parse(`${activeUntil}T00:00:00.000Z`) + 86_400_000) : null,
  };
}
