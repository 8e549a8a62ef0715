// What the attribute and chain lists share: their dialogs' state (create or edit, merge, delete) and
// their rows' "…" menu (edit, merge into another, the page's own items, delete).
import { GitMerge, Pencil, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import * as List from "../../../components/studio/list-page.tsx";
import { useT } from "../../../lib/i18n.tsx";

export type CatalogDialogs<Values, Row> = {
  editor: List.EditDialogState<Values>;
  merger: List.EditDialogState<Row>;
  deleting: List.RowDialogState<Row>;
};

export function useCatalogDialogs<Values, Row>(): CatalogDialogs<Values, Row> {
  const next = List.useAttempts();
  return {
    editor: List.useEditDialog<Values>(next),
    merger: List.useEditDialog<Row>(next),
    deleting: List.useRowDialog<Row>(),
  };
}

export function CatalogRowActions<Values, Row>({
  messages,
  label,
  row,
  values,
  dialogs,
  children,
}: {
  messages: "studio.attributes" | "studio.chains";
  /** What the row is (its code or name). */
  label: string;
  row: Row;
  /** The edit form's values for the row. */
  values: Values;
  dialogs: CatalogDialogs<Values, Row>;
  /** Items between merge and delete. */
  children?: ReactNode;
}) {
  const t = useT();
  return (
    <List.RowActions label={label}>
      <List.RowAction icon={Pencil} onSelect={() => dialogs.editor.open(values)}>
        {t(`${messages}.action.edit`)}
      </List.RowAction>
      <List.RowAction icon={GitMerge} onSelect={() => dialogs.merger.open(row)}>
        {t(`${messages}.action.merge`)}
      </List.RowAction>
      {children}
      <List.RowActionsSeparator />
      <List.RowAction icon={Trash2} tone="danger" onSelect={() => dialogs.deleting.open(row)}>
        {t(`${messages}.action.delete`)}
      </List.RowAction>
    </List.RowActions>
  );
}
