import type { ReactNode } from "react";

/** The frame of the sign-in, register and confirm screens (default layout). */
export function AuthCard(props: { title: string; description?: string; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md space-y-5 rounded-xl border border-slate-200 p-6 shadow-sm dark:border-slate-800">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{props.title}</h1>
        {props.description ? (
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{props.description}</p>
        ) : null}
      </div>
      {props.children}
    </div>
  );
}
