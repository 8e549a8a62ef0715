// Draws public/og-image.png (1200 × 630, the size social networks show as a large card) from an SVG
// with sharp: the brand colour, the clapperboard mark, the name and the tagline. Run it again after a
// change of brand (`node scripts/og-image.ts`); the PNG is committed, so a start needs no fonts.
import path from "node:path";
import sharp from "sharp";

const root = path.resolve(import.meta.dirname, "..");
const GREEN_700 = "#15803d";
const GREEN_900 = "#14532d";

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${GREEN_700}"/>
      <stop offset="1" stop-color="${GREEN_900}"/>
    </linearGradient>
  </defs>
  <rect width="1200" height="630" fill="url(#bg)"/>
  <g transform="translate(96 150) scale(7)" fill="none" stroke="#ffffff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">
    <path d="M20.2 6 3 11l-.9-2.4c-.3-1.1.3-2.2 1.3-2.5l13.5-4c1.1-.3 2.2.3 2.5 1.3Z"/>
    <path d="m6.2 5.3 3.1 3.9"/>
    <path d="m12.4 3.4 3.1 4"/>
    <path d="M3 11h18v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2Z"/>
  </g>
  <text x="330" y="290" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="120" font-weight="700" fill="#ffffff">Reeltime</text>
  <text x="336" y="370" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="44" fill="#dcfce7">Cinema showtimes, live.</text>
  <text x="96" y="540" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="34" fill="#bbf7d0">Find a film near you · book at the theater</text>
</svg>`;

const file = path.join(root, "public/og-image.png");
await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toFile(file);
console.log(`wrote ${path.relative(root, file)}`);
