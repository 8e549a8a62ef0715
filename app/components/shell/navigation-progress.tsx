import { useEffect, useState } from "react";
import { useNavigation } from "react-router";

/** The route transition indicator appears only after 100 ms. */
export const TRANSITION_DELAY_MS = 100;

export function NavigationProgress() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [delayPassed, setDelayPassed] = useState(false);
  useEffect(() => {
    if (!busy) return;
    const timer = setTimeout(() => setDelayPassed(true), TRANSITION_DELAY_MS);
    return () => {
      clearTimeout(timer);
      setDelayPassed(false);
    };
  }, [busy]);
  if (!busy || !delayPassed) return null;
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
