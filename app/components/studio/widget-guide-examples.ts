// The widget guide's code examples, on the site's public origin; code, so never translated.

export function mountExample(scriptUrl: string): string {
  return [
    `<div id="showtimes"></div>`,
    `<script src="${scriptUrl}" defer></script>`,
    `<script>`,
    `  window.addEventListener("reeltime-ready", () => {`,
    `    const element = document.getElementById("showtimes");`,
    `    window.Reeltime.mount(element, {`,
    `      key: "rt_pk_…",`,
    `      city: "Amsterdam",`,
    `      theme: "dark",`,
    `      locale: "nl",`,
    `      accent: "#c2410c",`,
    `      utm: { utm_campaign: "summer" },`,
    `    });`,
    `    // later: window.Reeltime.unmount(element);`,
    `  });`,
    `</script>`,
  ].join("\n");
}

export const EVENTS_EXAMPLE = [
  `window.addEventListener("reeltime-ready", (event) => {`,
  `  console.log("Reeltime widget", event.detail.version);`,
  `});`,
  ``,
  `// Both bubble out of the widget: one listener hears every widget on the page.`,
  `document.addEventListener("reeltime:showtime-click", (event) => {`,
  `  const { showtimeId, cinemaId, startsAt } = event.detail;`,
  `  console.log("picked", showtimeId, cinemaId, startsAt);`,
  `});`,
  ``,
  `document.addEventListener("reeltime:book", (event) => {`,
  `  window.dataLayer?.push({`,
  `    event: "reeltime_book",`,
  `    showtime_id: event.detail.showtimeId,`,
  `    booking_url: event.detail.url,`,
  `  });`,
  `});`,
].join("\n");

export const STYLING_EXAMPLE = [
  `[data-reeltime] {`,
  `  --reeltime-accent: #c2410c;`,
  `  --reeltime-radius: 4px;`,
  `  --reeltime-font: "Inter", system-ui, sans-serif;`,
  `}`,
  ``,
  `/* Your own dark mode, with data-theme="dark" on the element */`,
  `.dark [data-reeltime] {`,
  `  --reeltime-background: #0b1120;`,
  `}`,
].join("\n");

export function cspExample(origin: string): string {
  return [
    `Content-Security-Policy:`,
    `  script-src 'self' ${origin};`,
    `  style-src 'self' ${origin};`,
    `  connect-src 'self' ${origin};`,
    `  img-src 'self' ${origin}`,
  ].join("\n");
}
