// The dashboard's credits: the live balance, a warning at or below the low-balance threshold, the open
// requests and, for client admins, "Request credits" (an offer → a requested purchase staff confirm).
import { CircleAlert, Coins, Plus } from "lucide-react";
import { useState } from "react";
import { useIntl } from "react-intl";
import { useT } from "../../lib/i18n.tsx";
import { LocalTime } from "../shell/local-time.tsx";
import { Button } from "../ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card.tsx";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../ui/dialog.tsx";
import { Stat } from "../ui/stat.tsx";
import { RequestCreditsForm, useFormatMoney } from "./credit-forms.tsx";

export type CreditsPanelData = {
  balance: number;
  threshold: number;
  low: boolean;
  canRequest: boolean;
  pending: {
    id: string;
    offerName: string | null;
    credits: number;
    amount: number;
    currency: string;
    createdAt: string;
  }[];
  offers: { id: string; name: string; credits: number; price: number; currency: string }[];
};

export function CreditsPanel({ credits }: { credits: CreditsPanelData }) {
  const t = useT();
  const intl = useIntl();
  const money = useFormatMoney();
  const [requesting, setRequesting] = useState<number | null>(null);
  const [attempts, setAttempts] = useState(0);
  const used = credits.balance <= 0;

  return (
    <section aria-labelledby="credits-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="credits-heading" className="text-base font-semibold">
          {t("studio.dashboard.creditsTitle")}
        </h3>
        {credits.canRequest ? (
          <Button
            onClick={() => {
              setAttempts((n) => n + 1);
              setRequesting(attempts + 1);
            }}
            disabled={credits.offers.length === 0}
          >
            <Plus aria-hidden="true" />
            {t("studio.dashboard.creditsRequest.open")}
          </Button>
        ) : null}
      </div>
      {credits.low ? (
        <div
          className={
            used
              ? "flex items-start gap-3 rounded-xl border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
              : "flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
          }
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <p>
            <strong className="font-semibold">
              {t(used ? "studio.dashboard.creditsEmpty" : "studio.dashboard.creditsLow")}
            </strong>{" "}
            {t(
              used
                ? credits.canRequest
                  ? "studio.dashboard.creditsEmptyHintAdmin"
                  : "studio.dashboard.creditsEmptyHint"
                : credits.canRequest
                  ? "studio.dashboard.creditsLowHintAdmin"
                  : "studio.dashboard.creditsLowHint",
              { threshold: intl.formatNumber(credits.threshold) },
            )}
          </p>
        </div>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Stat
          icon={Coins}
          label={t("studio.dashboard.creditsBalance")}
          value={intl.formatNumber(credits.balance)}
          hint={
            credits.low
              ? t("studio.dashboard.creditsBelowThreshold", {
                  threshold: intl.formatNumber(credits.threshold),
                })
              : t("studio.dashboard.creditsThreshold", { threshold: intl.formatNumber(credits.threshold) })
          }
          tone={credits.low ? (used ? "danger" : "warning") : "neutral"}
        />
        <Card>
          <CardHeader>
            <CardTitle as="h4" className="text-sm">
              {t("studio.dashboard.creditsPending")}
            </CardTitle>
            {credits.pending.length === 0 ? (
              <CardDescription>{t("studio.dashboard.creditsPendingNone")}</CardDescription>
            ) : null}
          </CardHeader>
          <CardContent>
            {credits.pending.length > 0 ? (
              <ul className="space-y-2 text-sm">
                {credits.pending.map((p) => (
                  <li key={p.id} className="flex flex-wrap justify-between gap-2">
                    <span>
                      <span className="font-medium">
                        {p.offerName ?? t("studio.dashboard.creditsCustom")}
                      </span>
                      {" · "}
                      {t("studio.dashboard.creditsRequest.offerTerms", {
                        credits: intl.formatNumber(p.credits),
                        price: money(p.amount, p.currency),
                      })}
                    </span>
                    <span className="text-slate-600 dark:text-slate-400">
                      <LocalTime iso={p.createdAt} />
                    </span>
                  </li>
                ))}
              </ul>
            ) : null}
          </CardContent>
        </Card>
      </div>
      {credits.canRequest && credits.offers.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t("studio.dashboard.creditsNoOffers")}</p>
      ) : null}
      <Dialog open={requesting !== null} onOpenChange={(open) => (open ? null : setRequesting(null))}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t("studio.dashboard.creditsRequest.title")}</DialogTitle>
            <DialogDescription>{t("studio.dashboard.creditsRequest.description")}</DialogDescription>
          </DialogHeader>
          {requesting !== null ? (
            <RequestCreditsForm
              action="/studio"
              fetcherKey={`request-credits-${requesting}`}
              offers={credits.offers}
              onSaved={() => setRequesting(null)}
              secondary={
                <DialogClose asChild>
                  <Button variant="outline">{t("studio.credits.form.cancel")}</Button>
                </DialogClose>
              }
            />
          ) : null}
        </DialogContent>
      </Dialog>
    </section>
  );
}
