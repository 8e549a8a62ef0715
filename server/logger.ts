import pino, { type DestinationStream, type Logger } from "pino";

let isoMs = -1;
let isoTime = "";
/** pino's isoTime, formatted once per millisecond: a busy server writes many lines in each. */
export function cachedIsoTime() {
  const now = Date.now();
  if (now !== isoMs) {
    isoMs = now;
    isoTime = `,"time":"${new Date(now).toISOString()}"`;
  }
  return isoTime;
}

const SERVICE = "reeltime";

export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { service: SERVICE },
    timestamp: cachedIsoTime,
    formatters: { level: (label: string) => ({ level: label }) },
  };
  const stream = destination ?? pino.destination(1);
  const logger = pino(options, stream);
  ownStreams.set(logger, stream);
  return logger;
}

/** The fields of a request's access line. */
export type RequestLine = {
  requestId: string;
  method: string;
  path: string;
  status: number;
  durationMs: number;
};

/** Where createLogger's loggers write: their access lines can be written there directly. */
const ownStreams = new WeakMap<Logger, DestinationStream>();

/**
 * Writes a request's access line, the same JSON as `logger.info({ requestId, ...fields }, "request")` on a
 * logger from createLogger, without pino's general path (bindings, hooks, every value escaped on its
 * own): on a page-cache hit that path was about a tenth of the whole answer's CPU. Other loggers (a
 * test's own pino) get the line through `info`.
 */
export function requestLineWriter(logger: Logger): (line: RequestLine) => void {
  const stream = ownStreams.get(logger);
  if (!stream) return ({ requestId, ...fields }) => logger.child({ requestId }).info(fields, "request");
  return ({ requestId, method, path, status, durationMs }) => {
    if (!logger.isLevelEnabled("info")) return;
    stream.write(
      `{"level":"info"${cachedIsoTime()},"service":"${SERVICE}","requestId":${JSON.stringify(requestId)},` +
        `"method":${JSON.stringify(method)},"path":${JSON.stringify(path)},"status":${status},` +
        `"durationMs":${durationMs},"msg":"request"}\n`,
    );
  };
}

type Sink = { write(chunk: string): unknown };

/** How long a log line may wait for company before it is written. */
export const LOG_BATCH_MS = 100;
const LOG_BATCH_BYTES = 64 * 1024;

/**
 * Hands `sink` the lines written within LOG_BATCH_MS (or up to LOG_BATCH_BYTES) as one chunk. Each
 * write of an asynchronous file stream is a trip through the thread pool and back, which on this kind
 * of machine cost a busy server more main-thread time than a small request; batched, a busy server
 * writes a few times a second. `drain()` passes the pending lines on at once.
 */
export function batchedDestination(sink: Sink, delayMs = LOG_BATCH_MS) {
  let pending: string[] = [];
  let bytes = 0;
  let timer: NodeJS.Timeout | undefined;
  const drain = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (pending.length === 0) return;
    const chunk = pending.length === 1 ? pending[0]! : pending.join("");
    pending = [];
    bytes = 0;
    sink.write(chunk);
  };
  const write = (line: string) => {
    pending.push(line);
    bytes += line.length;
    if (bytes >= LOG_BATCH_BYTES) drain();
    else if (!timer) timer = setTimeout(drain, delayMs).unref();
  };
  return { write, drain };
}

/**
 * The server's stdout for log lines: batched (batchedDestination) into pino's asynchronous writer; on
 * exit whatever is pending is written synchronously, so nothing is lost on process.exit() or a crash
 * (a SIGKILL loses at most the last LOG_BATCH_MS of lines).
 */
export function bufferedStdout(): DestinationStream & { flush(done?: (error?: Error) => void): void } {
  const stdout = pino.destination({ dest: 1, sync: false });
  const batched = batchedDestination(stdout);
  process.on("exit", () => {
    batched.drain();
    try {
      stdout.flushSync();
    } catch {
      // stdout is gone (a closed pipe): nothing to write to
    }
  });
  return {
    write: batched.write,
    flush: (done?: (error?: Error) => void) => {
      batched.drain();
      stdout.flush(done);
    },
  };
}
