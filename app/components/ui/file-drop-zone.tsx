import { Upload } from "lucide-react";
import { useId, useState, type ChangeEvent, type ComponentProps, type ReactNode } from "react";
import { cx } from "./cx.ts";
import { useFieldControl } from "./field.tsx";
import { useFormatBytes } from "../../lib/format-bytes.ts";

export type FileCheck = (file: File) => Promise<string | null> | string | null;

export type FileDropZoneProps = Omit<ComponentProps<"input">, "type" | "multiple" | "onChange"> & {
  name: string;
  /** What the area says before a file is chosen ("Drag an image here, or choose a file"). */
  prompt: ReactNode;
  /** What it says under a chosen file ("Drop or choose another file to replace it"). */
  changePrompt?: ReactNode;
  /** Refuses a file before it is sent: a message for the field's error, or null when the file may go. */
  check?: FileCheck;
  /** The chosen file (null when none or refused) and the check's message (null when it passed). */
  onFileChange?: (file: File | null, error: string | null) => void;
};

/**
 * A drop area for one file that is also the native file input: the input covers the area (invisible),
 * so dropping a file on it, clicking it, and Space or Enter on it while focused (keyboard) all work,
 * even without JavaScript. Shows the chosen file's name and size. Inside a <Field>, the field's label,
 * hint and error are wired to the input; `check` runs in the browser before anything is sent (the
 * server checks again), and a refused file is taken out of the input so the form cannot send it.
 */
export function FileDropZone({
  name,
  prompt,
  changePrompt,
  check,
  onFileChange,
  className,
  accept,
  disabled,
  ...props
}: FileDropZoneProps) {
  const field = useFieldControl(props);
  const formatBytes = useFormatBytes();
  const promptId = `${useId()}-prompt`;
  const [dragging, setDragging] = useState(false);
  const [chosen, setChosen] = useState<{ name: string; size: number } | null>(null);

  const changed = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    setDragging(false);
    const file = input.files?.[0] ?? null;
    setChosen(file ? { name: file.name, size: file.size } : null);
    if (!file) {
      onFileChange?.(null, null);
      return;
    }
    const error = check ? await check(file) : null;
    if (error) input.value = "";
    onFileChange?.(error ? null : file, error);
  };

  const describedBy = [field["aria-describedby"], promptId].filter(Boolean).join(" ");

  return (
    <div
      className={cx(
        "relative flex min-h-32 flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-4 py-6 text-center transition-colors",
        "has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-(--color-focus-ring)",
        dragging
          ? "border-(--color-focus-ring) bg-slate-100 dark:bg-slate-800"
          : field["aria-invalid"]
            ? "border-red-600 dark:border-red-400"
            : "border-slate-500 bg-white dark:bg-slate-950",
        disabled && "opacity-70",
        className,
      )}
    >
      <input
        {...props}
        {...field}
        aria-describedby={describedBy}
        type="file"
        name={name}
        accept={accept}
        disabled={disabled}
        className="absolute inset-0 size-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
        onChange={(event) => void changed(event)}
        onDragEnter={() => setDragging(true)}
        onDragLeave={() => setDragging(false)}
        onDrop={() => setDragging(false)}
      />
      <Upload aria-hidden="true" className="size-6 text-slate-600 dark:text-slate-400" />
      <div id={promptId} className="text-sm text-slate-700 dark:text-slate-300">
        {chosen ? (
          <>
            <p className="font-medium break-all text-slate-900 dark:text-slate-100">
              {chosen.name} ({formatBytes(chosen.size)})
            </p>
            {changePrompt ? <p>{changePrompt}</p> : null}
          </>
        ) : (
          <p>{prompt}</p>
        )}
      </div>
    </div>
  );
}
