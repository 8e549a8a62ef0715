// What `npm run bench` and `npm run soak` print as they go: a "· " progress line on stdout, and an
// error's stack (or message) for the failure lines on stderr.

/** One progress line on stdout. */
export const log = (message: string) => process.stdout.write(`· ${message}\n`);

/** An error's stack when it has one (its message otherwise), for a failure line. */
export const errorDetail = (error: unknown) =>
  error instanceof Error ? (error.stack ?? error.message) : String(error);
