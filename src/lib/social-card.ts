// The picture link previews show (Open Graph, Twitter): the owner's name and title on the site's
// dark card, as SVG, which src/pages/social-card.png.ts turns into a PNG at build time. The text is
// set in DejaVu Sans (or Liberation Sans), which the build machine needs installed (Netlify's has it).

/** Where the card is served, and its size. */
export const SOCIAL_CARD = { path: '/social-card.png', width: 1200, height: 630 } as const;

const SANS = "'DejaVu Sans', 'Liberation Sans', sans-serif";

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function fittingSize(text: string, largest: number): number {
  return Math.min(largest, Math.floor(780 / (text.length * 0.6)));
}

/** The card as SVG, the headline large and the subline under it. */
export function socialCardSvg(headline: string, subline: string): string {
  // The text has about 780 pixels left of the logo: a longer line is set smaller (about 0.6 em a letter).
  const headlineSize = fittingSize(headline, 92);
  const sublineSize = fittingSize(subline, 42);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#151a26"/><stop offset="1" stop-color="#0b0d12"/>
    </linearGradient>
    <pattern id="dots" width="36" height="36" patternUnits="userSpaceOnUse">
      <circle cx="18" cy="18" r="1.6" fill="#fff" fill-opacity="0.07"/>
    </pattern>
    <radialGradient id="glow" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="#7cc4ff" stop-opacity="0.22"/><stop offset="1" stop-color="#7cc4ff" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="1200" height="630" fill="url(#bg)"/>
  <rect width="1200" height="630" fill="url(#dots)"/>
  <circle cx="985" cy="315" r="330" fill="url(#glow)"/>
  <g fill="none" stroke="#7cc4ff">
    <circle cx="985" cy="315" r="215" stroke-opacity="0.12" stroke-width="2"/>
    <circle cx="985" cy="315" r="160" stroke-opacity="0.2" stroke-width="2" stroke-dasharray="4 10"/>
  </g>
  <rect x="885" y="215" width="200" height="200" rx="44" fill="#0f1117" stroke="#2a3550" stroke-width="3"/>
  <path d="M950 285 L920 315 L950 345 M1020 285 L1050 315 L1020 345 M997 265 L973 365" fill="none"
    stroke="#7cc4ff" stroke-width="16" stroke-linecap="round" stroke-linejoin="round"/>
  <circle cx="1150" cy="110" r="8" fill="#7cc4ff" fill-opacity="0.6"/>
  <circle cx="770" cy="548" r="6" fill="#7cc4ff" fill-opacity="0.4"/>
  <rect x="96" y="212" width="72" height="8" rx="4" fill="#7cc4ff"/>
  <text x="92" y="330" font-family="${SANS}" font-weight="bold" font-size="${headlineSize}" fill="#eef2f8"
    letter-spacing="-1">${escapeXml(headline)}</text>
  <text x="96" y="400" font-family="${SANS}" font-size="${sublineSize}" fill="#9fb0c8">${escapeXml(subline)}</text>
  <rect x="0" y="622" width="1200" height="8" fill="#7cc4ff" fill-opacity="0.85"/>
</svg>`;
}
