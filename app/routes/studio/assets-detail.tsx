// The media library's detail dialog (?asset=<id>): the asset's preview, size and type, its URL to copy,
// where it is used, and (for a writer) delete.
import { Copy, ExternalLink, ImageOff, Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { useFormatBytes } from "../../lib/format-bytes.ts";
import { useT } from "../../lib/i18n.tsx";
import type { Route } from "./+types/assets.ts";

type Library = Extract<Route.ComponentProps["loaderData"], { kind: "library" }>;
type Detail = NonNullable<Library["detail"]>;

export function AssetDetailDialog({
  detail,
  canWrite,
  onClose,
  onDelete,
}: {
  detail: Detail | null;
  canWrite: boolean;
  onClose: () => void;
  onDelete: (asset: { id: string; fileName: string }) => void;
}) {
  const t = useT();
  const formatBytes = useFormatBytes();
  const [copied, setCopied] = useState(false);
  if (!detail) return null;
  const size = detail.width && detail.height ? { width: detail.width, height: detail.height } : null;
  const copy = async () => {
    await navigator.clipboard.writeText(new URL(detail.originalUrl, window.location.origin).href);
    setCopied(true);
  };
  return (
    <Dialog
      open
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
    >
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle className="break-all">{detail.fileName}</DialogTitle>
          <DialogDescription>
            {t("studio.assets.detail.description", {
              kind: t(`studio.assets.kind.${detail.kind}`),
              dimensions: size ? t("studio.assets.dimensions", size) : detail.mimeType,
              size: formatBytes(detail.bytes),
            })}
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-4">
          <div className="flex justify-center rounded-md border border-slate-200 bg-slate-50 p-2 dark:border-slate-700 dark:bg-slate-900">
            {size ? (
              <img
                src={detail.previewUrl}
                alt={t("studio.assets.detail.alt", { name: detail.fileName, ...size })}
                width={size.width}
                height={size.height}
                className="h-auto max-h-80 w-auto max-w-full object-contain"
              />
            ) : (
              <ImageOff aria-hidden="true" className="size-10 text-slate-500" />
            )}
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="font-medium">{t("studio.assets.col.dimensions")}</dt>
            <dd className="tabular-nums">{size ? t("studio.assets.dimensions", size) : ""}</dd>
            <dt className="font-medium">{t("studio.assets.detail.type")}</dt>
            <dd>{detail.mimeType}</dd>
            <dt className="font-medium">{t("studio.assets.col.size")}</dt>
            <dd className="tabular-nums">{formatBytes(detail.bytes)}</dd>
          </dl>
          <Field label={t("studio.assets.detail.url")} hint={t("studio.assets.detail.urlHint")}>
            <Input readOnly value={detail.originalUrl} onFocus={(event) => event.currentTarget.select()} />
          </Field>
          <div className="flex flex-wrap items-center gap-2">
            <Button variant="outline" size="sm" onClick={() => void copy()}>
              <Copy aria-hidden="true" />
              {t("studio.assets.detail.copy")}
            </Button>
            <a
              href={detail.originalUrl}
              target="_blank"
              rel="noreferrer"
              className="inline-flex items-center gap-1 text-sm font-medium underline underline-offset-2"
            >
              {t("studio.assets.detail.open")}
              <ExternalLink aria-hidden="true" className="size-3.5" />
              <span className="sr-only">({t("common.opensInNewTab")})</span>
            </a>
            <span aria-live="polite" className="text-sm text-slate-700 dark:text-slate-300">
              {copied ? t("studio.assets.detail.copied") : ""}
            </span>
          </div>
          <section aria-labelledby="asset-usage-heading" className="grid gap-1">
            <h3 id="asset-usage-heading" className="text-sm font-semibold">
              {t("studio.assets.detail.usage")}
            </h3>
            {detail.uses.length === 0 ? (
              <p className="text-sm text-slate-700 dark:text-slate-300">{t("studio.assets.detail.unused")}</p>
            ) : (
              <ul className="list-disc ps-5 text-sm">
                {detail.uses.map((use) => (
                  <li key={`${use.role}-${use.id}`}>
                    {t(`studio.assets.detail.use.${use.role}`, { name: use.name })}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
        <DialogFooter>
          {canWrite ? (
            <Button
              variant="danger"
              onClick={() => {
                onClose();
                onDelete(detail);
              }}
            >
              <Trash2 aria-hidden="true" />
              {t("studio.assets.action.delete")}
            </Button>
          ) : null}
          <Button variant="outline" onClick={onClose}>
            {t("studio.assets.detail.close")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
