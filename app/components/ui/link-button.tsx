import { Link, type LinkProps } from "react-router";
import { buttonClasses, type ButtonSize, type ButtonVariant } from "./button.tsx";

export type LinkButtonProps = LinkProps & { variant?: ButtonVariant; size?: ButtonSize };

/** A React Router <Link> that looks like a button: navigation stays a link (works without JavaScript). */
export function LinkButton({ variant = "outline", size = "md", className, ...props }: LinkButtonProps) {
  return <Link className={buttonClasses({ variant, size, className })} {...props} />;
}
