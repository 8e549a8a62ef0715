import { useEffect, useState } from "react";
import { useNavigation } from "react-router";

/** SPEC.md §9: the route transition indicator appears only after 100 ms. */
export const TRANSITION_DELAY_MS = 100;

export function NavigationProgress() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!busy) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), TRANSITION_DELAY_MS);
    return () => clearTimeout(timer);
  }, [busy]);
  if (!visible) return null;
  return (
    <div
      role="progressbar"
      aria-busy="true"
      aria-label="Loading"
      className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-primary-500"
      data-testid="navigation-progress"
    />
  );
}
