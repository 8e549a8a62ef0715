// What the follow form shows: the values sent back, field errors (message references), the neutral "sent".
export type FollowFormState = {
  sent: boolean;
  /** field → message reference */
  errors: Record<string, string>;
  /** the form's own error (too many requests) */
  formError: string | null;
  values: { email: string; city: string; format: string };
};

export function emptyFollowState(city: string): FollowFormState {
  return { sent: false, errors: {}, formError: null, values: { email: "", city, format: "" } };
}

/** What an alert e-mail link did: done, a link that names nothing (any more), or too many tries. */
export type LinkOutcome = "done" | "invalid" | "tooMany";
