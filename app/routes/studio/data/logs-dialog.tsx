// The frame of the logs page's detail dialogs (a change's diff, an import run): title, description, body.
import type { ReactNode } from "react";
import {
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";

export function LogDialogContent({
  className,
  title,
  description,
  children,
}: {
  className: string;
  title: ReactNode;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <DialogContent className={className}>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      {children}
    </DialogContent>
  );
}
