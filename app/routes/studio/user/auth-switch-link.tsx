// The line under the sign-in and register forms that leads to the other one.
import type { ReactNode } from "react";
import { Link } from "react-router";

export function AuthSwitchLink({
  prompt,
  to,
  children,
}: {
  prompt: string;
  to: string;
  children: ReactNode;
}) {
  return (
    <p className="text-sm">
      {prompt}{" "}
      <Link to={to} className="font-medium text-primary-800 underline dark:text-primary-300">
        {children}
      </Link>
    </p>
  );
}
