// Public pages ask for their JavaScript at low priority. The page is whole without it (server-rendered,
// links and forms work), so the stylesheet, the HTML and the poster images should get a phone's
// bandwidth first: React Router's <Scripts> writes its module preloads high in the page with the
// browser's default (high) priority, which let them compete with what the first paint needs.
import { StringDecoder } from "node:string_decoder";
import { Transform } from "node:stream";

const PRELOAD = '<link rel="modulepreload"';
const LOW_PRIORITY_PRELOAD = '<link rel="modulepreload" fetchpriority="low"';

/**
 * A stream of HTML with `fetchpriority="low"` added to every module preload. A tag split across two
 * chunks is still found: the end of each chunk that could begin one waits for the next.
 */
export function lowPriorityModulePreloads(options: { final?: (callback: () => void) => void } = {}) {
  const decoder = new StringDecoder("utf8");
  let carry = "";
  const emit = (text: string, last: boolean) => {
    const replaced = text.replaceAll(PRELOAD, LOW_PRIORITY_PRELOAD);
    if (last) return { out: replaced, rest: "" };
    // Keep back the longest end of the text that is a start of PRELOAD.
    let keep = Math.min(PRELOAD.length - 1, replaced.length);
    while (keep > 0 && !PRELOAD.startsWith(replaced.slice(replaced.length - keep))) keep -= 1;
    return { out: replaced.slice(0, replaced.length - keep), rest: replaced.slice(replaced.length - keep) };
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const { out, rest } = emit(carry + decoder.write(chunk), false);
      carry = rest;
      done(null, out.length > 0 ? out : undefined);
    },
    flush(done) {
      const { out } = emit(carry + decoder.end(), true);
      done(null, out.length > 0 ? out : undefined);
    },
    final(callback) {
      if (options.final) options.final(() => callback());
      else callback();
    },
  });
}

/** Whether a page's module preloads are asked for at low priority: every page outside the studio. */
export function wantsLowPriorityScripts(url: string) {
  return !new URL(url).pathname.startsWith("/studio");
}
