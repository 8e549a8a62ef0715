// SVG files are documents that can carry scripts: before one is stored it is parsed and rebuilt from an
// allowlist of presentation elements and attributes. Scripts, foreignObject, event handlers, links
// outside the file, and style sheets that load anything are dropped; a file that is not well-formed XML
// with an <svg> root, or that declares entities, is refused (null). The parser is small on purpose: it
// knows only what an SVG needs, and whatever it does not know is left out of the output.
// Filters are left out too (elements, attributes and CSS): a 200-byte feMorphology or blur can keep a
// renderer busy for minutes, and a poster or logo does not need them.

type SvgElement = { name: string; attributes: [string, string][]; children: SvgNode[] };
type SvgNode = SvgElement | { text: string };

/** Elements kept with their allowed attributes. */
const ELEMENTS = new Set([
  "svg",
  "g",
  "defs",
  "symbol",
  "use",
  "title",
  "desc",
  "path",
  "rect",
  "circle",
  "ellipse",
  "line",
  "polyline",
  "polygon",
  "text",
  "tspan",
  "textPath",
  "linearGradient",
  "radialGradient",
  "stop",
  "clipPath",
  "mask",
  "pattern",
  "marker",
  "image",
  "style",
]);

/** Elements whose children are kept without them (a link around shapes keeps the shapes). */
const UNWRAPPED = new Set(["a", "switch"]);

const ATTRIBUTES = new Set(
  `id class style transform d x y x1 y1 x2 y2 cx cy r rx ry fx fy fr width height viewBox preserveAspectRatio
  points fill fill-opacity fill-rule stroke stroke-width stroke-linecap stroke-linejoin stroke-miterlimit
  stroke-dasharray stroke-dashoffset stroke-opacity opacity clip-path clip-rule mask color display
  visibility overflow font-family font-size font-weight font-style font-variant text-anchor dominant-baseline
  alignment-baseline baseline-shift letter-spacing word-spacing text-decoration writing-mode offset stop-color
  stop-opacity gradientUnits gradientTransform spreadMethod patternUnits patternContentUnits patternTransform
  clipPathUnits maskUnits maskContentUnits dx dy markerWidth
  markerHeight markerUnits refX refY orient marker-start marker-mid marker-end vector-effect shape-rendering
  text-rendering image-rendering paint-order pathLength lengthAdjust textLength rotate startOffset version
  xmlns xmlns:xlink xml:space href xlink:href role aria-label aria-hidden focusable`.split(/\s+/),
);

const ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

class NotSvg extends Error {}

const MAX_DEPTH = 200;

function decodeEntities(text: string): string {
  return text.replace(/&([^;&\s]*);|&/g, (whole, name: string | undefined) => {
    if (name === undefined) throw new NotSvg("bare &");
    if (name in ENTITIES) return ENTITIES[name]!;
    const code = /^#x[0-9a-f]+$/i.test(name)
      ? parseInt(name.slice(2), 16)
      : /^#\d+$/.test(name)
        ? parseInt(name.slice(1), 10)
        : NaN;
    if (!Number.isInteger(code) || code < 1 || code > 0x10ffff) throw new NotSvg(`entity ${whole}`);
    return String.fromCodePoint(code);
  });
}

const NAME = /^[A-Za-z_][\w.:-]*/;

/** Parses the document into one root element; throws NotSvg for anything malformed or unsafe to parse. */
function parse(source: string): SvgElement {
  let i = 0;
  const root: SvgElement = { name: "#document", attributes: [], children: [] };
  const stack: SvgElement[] = [root];
  const expect = (found: number, what: string) => {
    if (found < 0) throw new NotSvg(`unterminated ${what}`);
    return found;
  };
  while (i < source.length) {
    const parent = stack[stack.length - 1]!;
    if (source[i] !== "<") {
      const end = source.indexOf("<", i);
      const stop = end < 0 ? source.length : end;
      parent.children.push({ text: decodeEntities(source.slice(i, stop)) });
      i = stop;
    } else if (source.startsWith("<!--", i)) {
      i = expect(source.indexOf("-->", i + 4), "comment") + 3;
    } else if (source.startsWith("<![CDATA[", i)) {
      const end = expect(source.indexOf("]]>", i + 9), "CDATA");
      parent.children.push({ text: source.slice(i + 9, end) });
      i = end + 3;
    } else if (source.startsWith("<?", i)) {
      i = expect(source.indexOf("?>", i + 2), "processing instruction") + 2;
    } else if (/^<!DOCTYPE/i.test(source.slice(i, i + 9))) {
      // A doctype naming the SVG DTD is harmless; one declaring entities (an internal subset) is refused.
      const end = expect(source.indexOf(">", i), "doctype");
      if (source.slice(i, end).includes("[")) throw new NotSvg("internal subset");
      i = end + 1;
    } else if (source[i + 1] === "/") {
      const tag = /^<\/([A-Za-z_][\w.:-]*)\s*>/.exec(source.slice(i, i + 300));
      const open = stack.pop();
      if (!tag || !open || open === root || open.name !== tag[1]) throw new NotSvg("mismatched end tag");
      i += tag[0].length;
    } else {
      i = parseStartTag(source, i + 1, parent, stack);
    }
  }
  if (stack.length !== 1) throw new NotSvg("unclosed element");
  const elements = root.children.filter((node): node is SvgElement => "name" in node);
  const strayText = root.children.some((node) => "text" in node && node.text.trim() !== "");
  if (elements.length !== 1 || strayText || elements[0]!.name !== "svg") throw new NotSvg("root is not svg");
  return elements[0]!;
}

function parseStartTag(source: string, start: number, parent: SvgElement, stack: SvgElement[]): number {
  const name = NAME.exec(source.slice(start))?.[0];
  if (!name) throw new NotSvg("bad tag");
  const element: SvgElement = { name, attributes: [], children: [] };
  let i = start + name.length;
  for (;;) {
    const space = /^\s*/.exec(source.slice(i))![0].length;
    i += space;
    if (source.startsWith("/>", i)) {
      parent.children.push(element);
      return i + 2;
    }
    if (source[i] === ">") {
      parent.children.push(element);
      // Drawings are shallow; a file nested thousands deep is an attack on the rebuilder, not art.
      if (stack.length > MAX_DEPTH) throw new NotSvg("nested too deep");
      stack.push(element);
      return i + 1;
    }
    if (space === 0) throw new NotSvg("attribute without space");
    const match = /^([A-Za-z_][\w.:-]*)\s*=\s*("([^"<]*)"|'([^'<]*)')/.exec(source.slice(i));
    if (!match) throw new NotSvg("bad attribute");
    const attributeName = match[1]!;
    if (element.attributes.some(([seen]) => seen === attributeName)) throw new NotSvg("repeated attribute");
    element.attributes.push([attributeName, decodeEntities(match[3] ?? match[4] ?? "")]);
    i += match[0].length;
  }
}

/**
 * url(…) only to a fragment of this file; no javascript:, expression(), @import, image-set() or src().
 * A backslash (a CSS escape could spell any of those) is refused outright: drawings do not need one.
 */
function safeStyleText(value: string): boolean {
  if (value.includes("\\")) return false;
  const flat = value.replace(/\/\*[\s\S]*?\*\//g, "").toLowerCase();
  if (
    /@import|expression\s*\(|javascript:|behavior\s*:|-moz-binding|image-set\s*\(|\bsrc\s*\(|<\/|filter\s*:/.test(
      flat,
    )
  )
    return false;
  const urls = flat.match(/url\s*\(\s*['"]?([^'")]*)/g) ?? [];
  return urls.every((url) => /url\s*\(\s*['"]?#/.test(url));
}

const RASTER_DATA_URL = /^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/=\s]+$/;

function keepAttribute(element: string, name: string, value: string): boolean {
  if (!ATTRIBUTES.has(name)) return false;
  if (name === "href" || name === "xlink:href") {
    const target = value.trim();
    return target.startsWith("#") || (element === "image" && RASTER_DATA_URL.test(target));
  }
  if (name === "xmlns") return value === "http://www.w3.org/2000/svg";
  if (name === "xmlns:xlink") return value === "http://www.w3.org/1999/xlink";
  return safeStyleText(value);
}

const escapeText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, "&quot;");

function serialize(node: SvgNode): string {
  if ("text" in node) return escapeText(node.text);
  if (UNWRAPPED.has(node.name)) return node.children.map(serialize).join("");
  if (!ELEMENTS.has(node.name)) return "";
  if (node.name === "style") {
    const css = node.children.map((child) => ("text" in child ? child.text : "")).join("");
    return safeStyleText(css) ? `<style>${escapeText(css)}</style>` : "";
  }
  if (
    node.name === "image" &&
    !node.attributes.some(([n, v]) => n.endsWith("href") && keepAttribute("image", n, v))
  )
    return "";
  const attributes = node.attributes
    .filter(([name, value]) => keepAttribute(node.name, name, value))
    .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
    .join("");
  const children = node.children.map(serialize).join("");
  return children ? `<${node.name}${attributes}>${children}</${node.name}>` : `<${node.name}${attributes}/>`;
}

/** The sanitized SVG document, or null when `source` is not an SVG this library keeps. */
export function sanitizeSvg(source: string): string | null {
  try {
    const root = parse(source.replace(/^\uFEFF/, ""));
    if (!root.attributes.some(([name]) => name === "xmlns"))
      root.attributes.unshift(["xmlns", "http://www.w3.org/2000/svg"]);
    return `<?xml version="1.0" encoding="UTF-8"?>\n${serialize(root)}\n`;
  } catch (error) {
    if (error instanceof NotSvg) return null;
    throw error;
  }
}
