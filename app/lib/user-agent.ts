// Naming a device from its User-Agent header, for lists of sessions.

/** "Firefox" / "macOS" from a User-Agent header: enough to recognise one's own devices. */
export function describeUserAgent(userAgent: string | null | undefined): {
  browser: string | null;
  os: string | null;
} {
  if (!userAgent) return { browser: null, os: null };
  const browser =
    (
      [
        [/\bEdg(?:e|A|iOS)?\//, "Edge"],
        [/\bOPR\/|\bOpera\b/, "Opera"],
        [/\bSamsungBrowser\//, "Samsung Internet"],
        [/\bFirefox\/|\bFxiOS\//, "Firefox"],
        [/\bHeadlessChrome\//, "Headless Chrome"],
        [/\bChromium\//, "Chromium"],
        [/\bChrome\/|\bCriOS\//, "Chrome"],
        [/\bSafari\//, "Safari"],
        [/\bcurl\//, "curl"],
        [/\bnode\b|\bundici\b/i, "Node.js"],
      ] as const
    ).find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
  const os =
    (
      [
        [/\b(?:iPhone|iPad|iPod)\b/, "iOS"],
        [/\bAndroid\b/, "Android"],
        [/\bCrOS\b/, "ChromeOS"],
        [/\bWindows\b/, "Windows"],
        [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
        [/\bLinux\b/, "Linux"],
      ] as const
    ).find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
  return { browser, os };
}
