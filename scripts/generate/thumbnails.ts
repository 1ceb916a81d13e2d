// Renders the demo's project thumbnails (src/content/projects/thumbnails/<id>.png, 800×500) from the
// hand-written SVG below, using sharp (librsvg).
// Run by hand after editing an illustration: `node scripts/generate/thumbnails.ts`. The PNGs are committed, so the
// build never needs this script. Output is deterministic: no randomness, no dates.
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const THUMB_DIR = join(root, 'src/content/projects/thumbnails');
const W = 800;
const H = 500;
const SANS = "'DejaVu Sans', 'Liberation Sans', sans-serif";
const MONO = "'DejaVu Sans Mono', 'Liberation Mono', monospace";

/** `shadow: false` drops the frame's ground shadow for art that has its own ground or no single base. */
type Thumbnail = { id: string; from: string; to: string; art: () => string; shadow?: boolean };

/** The shared frame: diagonal two-colour gradient, faint dot grid, soft glow behind the motif and a ground shadow. */
function frame(from: string, to: string, art: string, shadow = true): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="#fff" stop-opacity="0.22"/><stop offset="1" stop-color="#fff" stop-opacity="0"/>
    </radialGradient>
    <pattern id="dots" width="32" height="32" patternUnits="userSpaceOnUse">
      <circle cx="16" cy="16" r="1.7" fill="#fff" fill-opacity="0.13"/>
    </pattern>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#bg)"/>
  <rect width="${W}" height="${H}" fill="url(#dots)"/>
  <circle cx="70" cy="460" r="170" fill="#fff" fill-opacity="0.06"/>
  <circle cx="740" cy="40" r="130" fill="#000" fill-opacity="0.06"/>
  <circle cx="400" cy="250" r="250" fill="url(#glow)"/>
  ${shadow ? '<ellipse cx="400" cy="408" rx="190" ry="16" fill="#000" fill-opacity="0.14"/>' : ''}
  ${art}
</svg>`;
}

// ---------------------------------------------------------------------------------------------------------------
// Small shared shapes

/** A magnifying glass: lens centred at (cx, cy), handle pointing down-right. */
function magnifier(cx: number, cy: number, r: number, color = '#fff'): string {
  const d = r * 0.707;
  const w = r * 0.3;
  return `<g>
    <line x1="${cx + d}" y1="${cy + d}" x2="${cx + d + r * 0.95}" y2="${cy + d + r * 0.95}" stroke="${color}"
      stroke-width="${w * 1.5}" stroke-linecap="round"/>
    <circle cx="${cx}" cy="${cy}" r="${r}" fill="#fff" fill-opacity="0.22" stroke="${color}" stroke-width="${w}"/>
    <path d="M${cx - r * 0.55} ${cy - r * 0.1} A${r * 0.56} ${r * 0.56} 0 0 1 ${cx - r * 0.1} ${cy - r * 0.55}"
      fill="none" stroke="#fff" stroke-opacity="0.8" stroke-width="${w * 0.45}" stroke-linecap="round"/>
  </g>`;
}

/** A four-pointed sparkle centred at (x, y). */
function sparkle(x: number, y: number, s: number, color: string): string {
  const k = s * 0.22;
  return `<path d="M${x} ${y - s} Q${x + k} ${y - k} ${x + s} ${y} Q${x + k} ${y + k} ${x} ${y + s} Q${x - k} ${y + k}
    ${x - s} ${y} Q${x - k} ${y - k} ${x} ${y - s} Z" fill="${color}"/>`;
}

/** Rounded placeholder "text" bar. */
function bar(x: number, y: number, w: number, h: number, color: string, opacity = 1): string {
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${h / 2}" fill="${color}" fill-opacity="${opacity}"/>`;
}

/** Window chrome: rounded body, title bar with three dots. */
function windowFrame(x: number, y: number, w: number, h: number, body: string, bar: string, dots = true): string {
  return `<g>
    <rect x="${x}" y="${y}" width="${w}" height="${h}" rx="16" fill="${body}"/>
    <path d="M${x} ${y + 16} A16 16 0 0 1 ${x + 16} ${y} H${x + w - 16} A16 16 0 0 1 ${x + w} ${y + 16} V${y + 40}
      H${x} Z" fill="${bar}"/>
    ${
      dots
        ? `<circle cx="${x + 24}" cy="${y + 20}" r="6.5" fill="#ff6b6b"/>
    <circle cx="${x + 46}" cy="${y + 20}" r="6.5" fill="#ffd166"/>
    <circle cx="${x + 68}" cy="${y + 20}" r="6.5" fill="#5fd38d"/>`
        : ''
    }
  </g>`;
}

// ---------------------------------------------------------------------------------------------------------------
// One illustration per project

function teaShop(): string {
  return `
  <g fill="none" stroke="#fff" stroke-opacity="0.85" stroke-width="10" stroke-linecap="round">
    <path d="M360 180 C340 155 380 140 360 110"/>
    <path d="M400 172 C380 140 422 128 400 92"/>
    <path d="M440 180 C420 155 460 140 440 110"/>
  </g>
  <ellipse cx="400" cy="378" rx="165" ry="26" fill="#e6dfcf"/>
  <ellipse cx="400" cy="372" rx="150" ry="20" fill="#f7f3ea"/>
  <ellipse cx="400" cy="372" rx="92" ry="11" fill="#e6dfcf"/>
  <path d="M498 240 C570 232 575 322 486 326" fill="none" stroke="#f7f3ea" stroke-width="20"/>
  <defs><clipPath id="cup"><path d="M290 210 H510 C510 300 475 368 400 368 C325 368 290 300 290 210 Z"/></clipPath></defs>
  <path d="M290 210 H510 C510 300 475 368 400 368 C325 368 290 300 290 210 Z" fill="#fdfbf5"/>
  <rect x="280" y="262" width="240" height="36" fill="#7fa877" clip-path="url(#cup)"/>
  <ellipse cx="400" cy="210" rx="110" ry="20" fill="#f1ece1"/>
  <ellipse cx="400" cy="212" rx="96" ry="14" fill="#a8683a"/>
  <ellipse cx="380" cy="209" rx="40" ry="4" fill="#fff" fill-opacity="0.25"/>
  <path d="M560 150 C590 120 640 125 650 150 C625 178 580 178 560 150 Z" fill="#4f7d4a"/>
  <path d="M565 150 C590 146 620 146 645 150" stroke="#a9cf9f" stroke-width="3" fill="none"/>
  <path d="M222 300 C235 262 278 252 292 268 C282 302 245 315 222 300 Z" fill="#5c8a55"/>`;
}

function aiChatbot(): string {
  return `
  <path d="M251 110 H455 A36 36 0 0 1 491 146 V240 A36 36 0 0 1 455 276 H275 L232 310 L240 274
    A36 36 0 0 1 215 240 V146 A36 36 0 0 1 251 110 Z" fill="#fff"/>
  <circle cx="300" cy="193" r="15" fill="#6d5ce8"/>
  <circle cx="353" cy="193" r="15" fill="#8f82f0"/>
  <circle cx="406" cy="193" r="15" fill="#b3a9f6"/>
  <path d="M385 300 H560 A30 30 0 0 1 590 330 V370 A30 30 0 0 1 560 400 H552 L570 424 L520 400 H385
    A30 30 0 0 1 355 370 V330 A30 30 0 0 1 385 300 Z" fill="#c9c1ff"/>
  ${bar(385, 330, 150, 14, '#5a48d6', 0.75)}
  ${bar(385, 357, 100, 14, '#5a48d6', 0.45)}
  <g stroke="#fff" stroke-opacity="0.55" stroke-width="8" stroke-linecap="round">
    <line x1="528" y1="150" x2="640" y2="150"/><line x1="528" y1="200" x2="640" y2="200"/>
    <line x1="528" y1="250" x2="640" y2="250"/>
  </g>
  <circle cx="600" cy="150" r="13" fill="#ffd66b"/><circle cx="556" cy="200" r="13" fill="#fff"/>
  <circle cx="618" cy="250" r="13" fill="#fff"/>
  ${sparkle(190, 380, 34, '#ffd66b')}
  ${sparkle(236, 410, 16, '#fff')}`;
}

function farmShop(): string {
  const pickle = (x: number, y: number, h: number, rot: number, c: string) => `
    <g transform="rotate(${rot} ${x} ${y + h / 2})">
      <rect x="${x - 22}" y="${y}" width="44" height="${h}" rx="22" fill="${c}"/>
      <circle cx="${x - 8}" cy="${y + h * 0.3}" r="4" fill="#fff" fill-opacity="0.3"/>
      <circle cx="${x + 8}" cy="${y + h * 0.55}" r="4" fill="#fff" fill-opacity="0.3"/>
      <circle cx="${x - 6}" cy="${y + h * 0.78}" r="4" fill="#fff" fill-opacity="0.3"/>
    </g>`;
  return `
  <circle cx="600" cy="118" r="44" fill="#fff6cf" fill-opacity="0.9"/>
  <path d="M0 370 C140 320 260 350 400 340 C540 330 650 300 800 330 V500 H0 Z" fill="#6f9a3c" fill-opacity="0.7"/>
  <path d="M0 420 C170 380 300 410 440 400 C580 390 680 370 800 390 V500 H0 Z" fill="#557f2c" fill-opacity="0.8"/>
  <ellipse cx="400" cy="412" rx="130" ry="12" fill="#000" fill-opacity="0.16"/>
  <rect x="298" y="170" width="204" height="240" rx="44" fill="#eaf6d8" fill-opacity="0.5"/>
  <rect x="308" y="190" width="184" height="212" rx="38" fill="#c9d96a" fill-opacity="0.55"/>
  ${pickle(345, 200, 150, -8, '#4e7d2e')}
  ${pickle(400, 195, 160, 3, '#5f9236')}
  ${pickle(455, 205, 145, 10, '#3f6e25')}
  ${pickle(372, 300, 96, 0, '#6aa03c')}
  ${pickle(428, 296, 100, -4, '#4c8230')}
  <rect x="298" y="170" width="204" height="240" rx="44" fill="none" stroke="#fff" stroke-opacity="0.75"
    stroke-width="6"/>
  <path d="M322 200 V330" stroke="#fff" stroke-opacity="0.55" stroke-width="10" stroke-linecap="round"/>
  <rect x="318" y="134" width="164" height="44" rx="10" fill="#c8553d"/>
  <g fill="#f3e3c0" fill-opacity="0.9">
    <rect x="336" y="134" width="16" height="44"/><rect x="368" y="134" width="16" height="44"/>
    <rect x="400" y="134" width="16" height="44"/><rect x="432" y="134" width="16" height="44"/>
    <rect x="318" y="150" width="164" height="12" fill-opacity="0.45"/>
  </g>
  <rect x="318" y="134" width="164" height="44" rx="10" fill="none" stroke="#a8402c" stroke-width="4"/>`;
}

function wordGame(): string {
  const G = '#6aaa64';
  const Y = '#c9b458';
  const X = '#787c7e';
  const rows: [string, string[]][] = [
    ['CRANE', [X, Y, X, X, G]],
    ['DRIVE', [Y, G, G, X, G]],
    ['PRIDE', [G, G, G, G, G]],
    ['     ', []],
  ];
  const size = 70;
  const gap = 10;
  const x0 = (W - (5 * size + 4 * gap)) / 2;
  const y0 = (H - (4 * size + 3 * gap)) / 2;
  let out = '';
  rows.forEach(([word, colours], r) => {
    for (let c = 0; c < 5; c++) {
      const x = x0 + c * (size + gap);
      const y = y0 + r * (size + gap);
      const fill = colours[c];
      out += fill
        ? `<rect x="${x}" y="${y}" width="${size}" height="${size}" rx="8" fill="${fill}"/>
           <text x="${x + size / 2}" y="${y + size / 2 + 14}" font-family="${SANS}" font-weight="bold" font-size="38"
             fill="#fff" text-anchor="middle">${word[c]}</text>`
        : `<rect x="${x + 2}" y="${y + 2}" width="${size - 4}" height="${size - 4}" rx="7" fill="none"
             stroke="#fff" stroke-opacity="0.3" stroke-width="4"/>`;
    }
  });
  return out;
}

function tetris(): string {
  const colours: Record<string, string> = {
    I: '#3fd0e0',
    O: '#f5d547',
    T: '#b06ef0',
    S: '#5fd068',
    Z: '#ef5a5a',
    J: '#4a7bf0',
    L: '#f39c3d',
  };
  const board = [
    '........',
    '...TTT..',
    '....T...',
    '........',
    '........',
    'I.....OO',
    'IZZ..LOO',
    'I.ZZSL..',
    'IJJJSLLS',
    'JJ.SSZZS',
  ];
  const s = 33;
  const x0 = 400 - 4 * s;
  const y0 = 82;
  let out = `<rect x="${x0 - 10}" y="${y0 - 6}" width="${8 * s + 20}" height="${10 * s + 16}" rx="12"
    fill="#0b0d22" fill-opacity="0.5" stroke="#fff" stroke-opacity="0.18" stroke-width="3"/>`;
  board.forEach((row, r) => {
    [...row].forEach((ch, c) => {
      const fill = colours[ch];
      if (!fill) return;
      const x = x0 + c * s;
      const y = y0 + r * s;
      out += `<rect x="${x + 1.5}" y="${y + 1.5}" width="${s - 3}" height="${s - 3}" rx="4" fill="${fill}"/>
        <rect x="${x + 6}" y="${y + 6}" width="${s - 12}" height="${s - 12}" rx="2" fill="#fff" fill-opacity="0.22"/>`;
    });
  });
  // Falling-piece ghost trail.
  out += `<g stroke="#fff" stroke-opacity="0.25" stroke-width="3" stroke-dasharray="6 6">
    <line x1="${x0 + 4.5 * s}" y1="${y0 + 3.3 * s}" x2="${x0 + 4.5 * s}" y2="${y0 + 4.8 * s}"/></g>`;
  return out;
}

function boatingApp(): string {
  return `
  <defs><clipPath id="map"><rect x="190" y="90" width="420" height="310" rx="26"/></clipPath></defs>
  <g clip-path="url(#map)">
    <rect x="190" y="90" width="420" height="310" fill="#8fdcf0"/>
    <g fill="none" stroke="#fff" stroke-opacity="0.5" stroke-width="4" stroke-linecap="round">
      <path d="M230 340 q12 -10 24 0 t24 0"/><path d="M470 370 q12 -10 24 0 t24 0"/>
      <path d="M520 200 q12 -10 24 0 t24 0"/><path d="M300 170 q12 -10 24 0 t24 0"/>
    </g>
    <path d="M470 80 C500 130 560 120 600 150 C640 180 630 90 620 80 Z" fill="#f2e2b4"/>
    <path d="M500 80 C520 110 560 110 590 125 C610 135 615 90 610 80 Z" fill="#9ccc7a"/>
    <path d="M180 220 C230 210 260 240 250 280 C240 320 200 330 180 320 Z" fill="#f2e2b4"/>
    <path d="M180 240 C215 236 232 256 226 280 C220 300 200 306 180 300 Z" fill="#9ccc7a"/>
    <path d="M380 250 C400 225 450 230 455 255 C460 282 420 292 398 282 C380 274 370 262 380 250 Z"
      fill="#f2e2b4"/>
    <path d="M395 254 C410 240 440 244 442 258 C444 272 418 278 404 272 C394 267 390 260 395 254 Z"
      fill="#9ccc7a"/>
  </g>
  <path d="M300 355 C320 300 320 250 340 215 C360 180 450 215 500 190 C530 175 520 150 525 140" fill="none"
    stroke="#fff" stroke-width="7" stroke-linecap="round" stroke-dasharray="2 16"/>
  <g transform="translate(300 352)">
    <path d="M-34 0 H34 L24 18 H-24 Z" fill="#1d4e89"/>
    <path d="M-3 -4 V-62 L30 -6 Z" fill="#fff"/>
    <path d="M-8 -6 V-50 L-30 -6 Z" fill="#ffd166"/>
  </g>
  <g transform="translate(525 140)">
    <path d="M0 0 C-10 -14 -26 -28 -26 -48 A26 26 0 0 1 26 -48 C26 -28 10 -14 0 0 Z" fill="#ff6b6b"/>
    <circle cx="0" cy="-48" r="10" fill="#fff"/>
  </g>
  <rect x="190" y="90" width="420" height="310" rx="26" fill="none" stroke="#fff" stroke-width="8"/>`;
}

function cocktailSearch(): string {
  return `
  <defs><clipPath id="bowl"><path d="M250 130 H470 L360 250 Z"/></clipPath></defs>
  <line x1="300" y1="105" x2="385" y2="205" stroke="#7a3b12" stroke-width="5" stroke-linecap="round"/>
  <path d="M250 130 H470 L360 250 Z" fill="#fff" fill-opacity="0.35"/>
  <g clip-path="url(#bowl)"><rect x="240" y="158" width="240" height="100" fill="#ffd3a8"/>
    <rect x="240" y="158" width="240" height="10" fill="#fff" fill-opacity="0.5"/></g>
  <circle cx="360" cy="190" r="17" fill="#7fae3c"/><circle cx="364" cy="186" r="6" fill="#e2452d"/>
  <path d="M250 130 H470 L360 250 Z" fill="none" stroke="#fff" stroke-width="8" stroke-linejoin="round"/>
  <rect x="354" y="248" width="12" height="110" fill="#fff"/>
  <ellipse cx="360" cy="362" rx="70" ry="13" fill="#fff"/>
  <path d="M448 130 A42 42 0 0 1 490 88 L490 130 Z" fill="#b6e06c"/>
  <path d="M456 130 A34 34 0 0 1 490 96 L490 130 Z" fill="#e3f5b8"/>
  <g stroke="#b6e06c" stroke-width="3"><line x1="490" y1="130" x2="466" y2="106"/>
    <line x1="490" y1="130" x2="490" y2="96"/><line x1="490" y1="130" x2="456" y2="128"/></g>
  ${magnifier(520, 280, 56)}`;
}

function movieSearch(): string {
  return `
  <g transform="rotate(-14 235 176)">
    <rect x="235" y="150" width="270" height="40" rx="6" fill="#f3eee6"/>
    <g fill="#2a1f33">
      <path d="M262 150 H296 L276 190 H242 Z"/><path d="M330 150 H364 L344 190 H310 Z"/>
      <path d="M398 150 H432 L412 190 H378 Z"/><path d="M466 150 H500 L480 190 H446 Z"/>
    </g>
  </g>
  <rect x="235" y="198" width="270" height="40" rx="6" fill="#f3eee6"/>
  <g fill="#2a1f33">
    <path d="M262 198 H296 L276 238 H242 Z"/><path d="M330 198 H364 L344 238 H310 Z"/>
    <path d="M398 198 H432 L412 238 H378 Z"/><path d="M466 198 H500 L480 238 H446 Z"/>
  </g>
  <circle cx="246" cy="208" r="7" fill="#f4c95d"/>
  <rect x="235" y="244" width="270" height="150" rx="10" fill="#f3eee6"/>
  ${bar(260, 274, 130, 14, '#2a1f33', 0.8)}
  ${bar(260, 304, 90, 14, '#2a1f33', 0.45)}
  ${bar(260, 334, 110, 14, '#2a1f33', 0.45)}
  <g fill="#f4c95d">${sparkle(620, 130, 22, '#f4c95d')}${sparkle(170, 320, 16, '#f4c95d')}</g>
  ${sparkle(660, 190, 10, '#fff')}
  ${magnifier(525, 290, 60, '#f4c95d')}`;
}

function userDirectory(): string {
  const row = (y: number, c: string, w1: number, w2: number) => `
    <circle cx="300" cy="${y}" r="30" fill="${c}"/>
    <circle cx="300" cy="${y - 7}" r="11" fill="#fff"/>
    <path d="M280 ${y + 21} C282 ${y + 5} 318 ${y + 5} 320 ${y + 21} A30 30 0 0 1 280 ${y + 21} Z" fill="#fff"/>
    ${bar(348, y - 16, w1, 14, '#2f3a78', 0.85)}
    ${bar(348, y + 6, w2, 12, '#2f3a78', 0.35)}`;
  return `
  <rect x="578" y="120" width="26" height="56" rx="8" fill="#ffd166"/>
  <rect x="578" y="186" width="26" height="56" rx="8" fill="#ff8fa3"/>
  <rect x="578" y="252" width="26" height="56" rx="8" fill="#5fd3b0"/>
  <rect x="240" y="92" width="340" height="316" rx="24" fill="#fff"/>
  ${bar(264, 112, 292, 30, '#eef0fb')}
  <circle cx="284" cy="127" r="7" fill="none" stroke="#8d98d8" stroke-width="3"/>
  ${row(192, '#6c7cf5', 150, 100)}
  <line x1="270" y1="240" x2="550" y2="240" stroke="#e6e8f5" stroke-width="3"/>
  ${row(286, '#ff8fa3', 120, 130)}
  <line x1="270" y1="334" x2="550" y2="334" stroke="#e6e8f5" stroke-width="3"/>
  ${row(378, '#5fd3b0', 160, 90)}`;
}

function bookSearch(): string {
  const book = (x: number, y: number, w: number, h: number, c: string, band: string) => `
    <rect x="${x}" y="${y}" width="${w}" height="${h}" rx="8" fill="${c}"/>
    <rect x="${x + w - 24}" y="${y + 6}" width="18" height="${h - 12}" rx="3" fill="#fbf4e4"/>
    <g stroke="#e2d6bb" stroke-width="2"><line x1="${x + w - 22}" y1="${y + h / 3}" x2="${x + w - 8}"
      y2="${y + h / 3}"/><line x1="${x + w - 22}" y1="${y + (2 * h) / 3}" x2="${x + w - 8}" y2="${y + (2 * h) / 3}"/></g>
    <rect x="${x + 22}" y="${y}" width="12" height="${h}" fill="${band}"/>
    <rect x="${x + 40}" y="${y}" width="5" height="${h}" fill="${band}"/>`;
  return `
  ${book(230, 340, 290, 56, '#2f6f73', '#f4c95d')}
  ${book(255, 284, 250, 56, '#c8553d', '#fbe3b0')}
  ${book(220, 228, 270, 56, '#3f4a8a', '#9fb3ff')}
  <g transform="rotate(-10 330 228)">
    <rect x="300" y="96" width="50" height="132" rx="6" fill="#f4c95d"/>
    <rect x="300" y="118" width="50" height="10" fill="#a8683a"/>
    <rect x="300" y="196" width="50" height="10" fill="#a8683a"/>
  </g>
  <rect x="360" y="112" width="44" height="116" rx="6" fill="#5fa35a"/>
  <rect x="360" y="132" width="44" height="8" fill="#e6f2c8"/>
  <rect x="360" y="200" width="44" height="8" fill="#e6f2c8"/>
  ${magnifier(545, 185, 56)}`;
}

function weatherDashboard(): string {
  const rays = Array.from({ length: 8 }, (_, i) => {
    const a = (i * Math.PI) / 4;
    const c = (r: number) => `${(320 + r * Math.cos(a)).toFixed(1)} ${(175 + r * Math.sin(a)).toFixed(1)}`;
    return `M${c(82)} L${c(104)}`;
  }).join(' ');
  const card = (x: number, icon: string) =>
    `<rect x="${x}" y="326" width="118" height="80" rx="16" fill="#fff" fill-opacity="0.55"/>${icon}`;
  return `
  <path d="${rays}" stroke="#ffcf3f" stroke-width="12" stroke-linecap="round"/>
  <circle cx="320" cy="175" r="66" fill="#ffcf3f"/>
  <circle cx="320" cy="175" r="50" fill="#ffdd66"/>
  <g fill="#fff">
    <circle cx="390" cy="215" r="52"/><circle cx="455" cy="190" r="64"/><circle cx="515" cy="228" r="42"/>
    <rect x="340" y="215" width="215" height="55" rx="27"/>
  </g>
  <path d="M352 270 H540" stroke="#dbe9f5" stroke-width="6" stroke-linecap="round"/>
  ${card(213, `<circle cx="272" cy="366" r="20" fill="#ffcf3f"/>`)}
  ${card(
    341,
    `<g fill="#fff"><circle cx="388" cy="370" r="14"/><circle cx="406" cy="360" r="18"/><circle cx="422" cy="372" r="12"/>
    <rect x="376" y="366" width="58" height="18" rx="9"/></g>`,
  )}
  ${card(
    469,
    `<path d="M528 344 C538 360 546 370 546 380 A18 18 0 0 1 510 380 C510 370 518 360 528 344 Z" fill="#4a9be0"/>`,
  )}`;
}

function portfolio(): string {
  return `
  ${windowFrame(180, 95, 440, 310, '#141a27', '#1f2739')}
  ${bar(270, 108, 250, 24, '#fff', 0.08)}
  <g fill="none" stroke="#7cc4ff" stroke-width="20" stroke-linecap="round" stroke-linejoin="round">
    <path d="M340 205 L280 258 L340 311"/><path d="M460 205 L520 258 L460 311"/>
    <path d="M420 186 L380 330" stroke="#b7ddff"/>
  </g>
  ${bar(212, 360, 120, 12, '#7cc4ff', 0.35)}
  ${bar(344, 360, 70, 12, '#fff', 0.15)}
  ${bar(426, 360, 160, 12, '#fff', 0.1)}`;
}

function drupalProjects(): string {
  return `
  <defs><clipPath id="drop"><path d="M400 88 C440 150 520 210 520 292 A120 120 0 0 1 280 292 C280 210 360 150 400 88 Z"/>
  </clipPath></defs>
  <path d="M400 88 C440 150 520 210 520 292 A120 120 0 0 1 280 292 C280 210 360 150 400 88 Z" fill="#eaf6ff"/>
  <g clip-path="url(#drop)">
    <path d="M260 300 C320 270 360 330 420 300 C470 276 500 300 540 288 V430 H260 Z" fill="#53b6ef"/>
    <path d="M260 340 C320 312 370 366 430 340 C480 318 510 340 540 330 V430 H260 Z" fill="#0678be"/>
  </g>
  <path d="M330 250 C330 215 350 190 368 170" fill="none" stroke="#fff" stroke-width="14" stroke-linecap="round"/>
  <path d="M400 88 C440 150 520 210 520 292 A120 120 0 0 1 280 292 C280 210 360 150 400 88 Z" fill="none"
    stroke="#fff" stroke-width="6"/>
  <path d="M572 170 C584 188 596 200 596 214 A24 24 0 0 1 548 214 C548 200 560 188 572 170 Z" fill="#eaf6ff"
    fill-opacity="0.75"/>
  <path d="M222 270 C230 282 238 290 238 300 A16 16 0 0 1 206 300 C206 290 214 282 222 270 Z" fill="#eaf6ff"
    fill-opacity="0.6"/>`;
}

function budgetTracker(): string {
  return `
  <path d="M268 268 C240 262 236 236 256 232 C272 229 272 250 256 254" fill="none" stroke="#f08aa8"
    stroke-width="7" stroke-linecap="round"/>
  <rect x="305" y="330" width="40" height="70" rx="14" fill="#e9799a"/>
  <rect x="455" y="330" width="40" height="70" rx="14" fill="#e9799a"/>
  <ellipse cx="395" cy="280" rx="140" ry="102" fill="#ffafc5"/>
  <path d="M430 200 L452 150 L482 208 Z" fill="#f58fae"/>
  <rect x="335" y="335" width="40" height="68" rx="14" fill="#ffafc5"/>
  <rect x="425" y="335" width="40" height="68" rx="14" fill="#ffafc5"/>
  <ellipse cx="532" cy="288" rx="30" ry="36" fill="#f58fae"/>
  <ellipse cx="523" cy="278" rx="5" ry="8" fill="#b94d6e"/><ellipse cx="541" cy="278" rx="5" ry="8" fill="#b94d6e"/>
  <circle cx="475" cy="245" r="9" fill="#5a2a3a"/>
  <ellipse cx="340" cy="240" rx="40" ry="22" fill="#fff" fill-opacity="0.3"/>
  <rect x="350" y="180" width="80" height="14" rx="7" fill="#b94d6e"/>
  <circle cx="390" cy="128" r="40" fill="#ffcf3f"/>
  <circle cx="390" cy="128" r="28" fill="none" stroke="#e6a91f" stroke-width="6"/>
  <rect x="383" y="110" width="14" height="36" rx="7" fill="#e6a91f"/>
  <path d="M360 100 A40 40 0 0 1 405 90" fill="none" stroke="#fff" stroke-opacity="0.6" stroke-width="5"
    stroke-linecap="round"/>`;
}

function expenseTracker(): string {
  return `
  <path d="M220 100 H380 V370 ${Array.from({ length: 8 }, () => 'l-10 14 l-10 -14').join(' ')} Z" fill="#fffdf7"/>
  ${bar(244, 128, 80, 16, '#b85a1f', 0.85)}
  ${[170, 202, 234, 266]
    .map((y, i) => `${bar(244, y, [70, 90, 60, 80][i]!, 12, '#b85a1f', 0.35)}${bar(330, y, 26, 12, '#b85a1f', 0.55)}`)
    .join('')}
  <line x1="244" y1="300" x2="356" y2="300" stroke="#b85a1f" stroke-opacity="0.4" stroke-width="3"
    stroke-dasharray="6 6"/>
  ${bar(244, 320, 56, 16, '#b85a1f', 0.85)}${bar(316, 320, 40, 16, '#e8553d')}
  <rect x="420" y="150" width="210" height="250" rx="22" fill="#fff" fill-opacity="0.3"/>
  <rect x="446" y="290" width="34" height="80" rx="8" fill="#fff"/>
  <rect x="496" y="230" width="34" height="140" rx="8" fill="#fff"/>
  <rect x="546" y="260" width="34" height="110" rx="8" fill="#fff"/>
  <line x1="440" y1="376" x2="610" y2="376" stroke="#fff" stroke-width="5" stroke-linecap="round"/>
  <path d="M456 250 L512 200 L560 225 L606 172" fill="none" stroke="#e8553d" stroke-width="7"
    stroke-linecap="round" stroke-linejoin="round"/>
  <circle cx="606" cy="172" r="9" fill="#e8553d"/>`;
}

function fitnessTracker(): string {
  const heart =
    'M400 380 C330 330 260 280 260 210 A70 70 0 0 1 400 180 A70 70 0 0 1 540 210 C540 280 470 330 400 380 Z';
  const pulse = 'M150 260 H300 L325 230 L350 300 L380 150 L410 330 L435 240 L455 260 H650';
  return `
  <defs><clipPath id="heart"><path d="${heart}"/></clipPath></defs>
  <path d="${heart}" fill="#fff"/>
  <path d="M300 200 A40 40 0 0 1 350 170" fill="none" stroke="#ffd2c4" stroke-width="12" stroke-linecap="round"/>
  <path d="${pulse}" fill="none" stroke="#fff" stroke-opacity="0.8" stroke-width="10" stroke-linecap="round"
    stroke-linejoin="round"/>
  <path d="${pulse}" clip-path="url(#heart)" fill="none" stroke="#e8473f" stroke-width="10" stroke-linecap="round"
    stroke-linejoin="round"/>
  <circle cx="650" cy="260" r="11" fill="#fff"/>
  <g transform="rotate(-30 600 380)">
    <rect x="550" y="372" width="100" height="14" rx="7" fill="#ffe1d6"/>
    <rect x="540" y="350" width="22" height="58" rx="8" fill="#3b2d4a"/>
    <rect x="638" y="350" width="22" height="58" rx="8" fill="#3b2d4a"/>
    <rect x="526" y="358" width="16" height="42" rx="6" fill="#3b2d4a"/>
    <rect x="658" y="358" width="16" height="42" rx="6" fill="#3b2d4a"/>
  </g>`;
}

function techBlog(): string {
  return `
  <rect x="250" y="90" width="250" height="320" rx="18" fill="#fff"/>
  <rect x="272" y="112" width="206" height="96" rx="10" fill="#e6ddff"/>
  <circle cx="440" cy="138" r="14" fill="#ffd166"/>
  <path d="M272 190 L318 146 L352 176 L378 156 L426 208 H282 A10 10 0 0 1 272 198 Z" fill="#9b80f0"/>
  <path d="M272 198 V190 L318 146 L352 176 L378 156 L428 208 H282 A10 10 0 0 1 272 198 Z" fill="#8a6be6"/>
  ${bar(272, 228, 170, 16, '#3a2d6b', 0.9)}
  ${bar(272, 262, 206, 11, '#3a2d6b', 0.3)}
  ${bar(272, 284, 190, 11, '#3a2d6b', 0.3)}
  ${bar(272, 306, 200, 11, '#3a2d6b', 0.3)}
  ${bar(272, 328, 120, 11, '#3a2d6b', 0.3)}
  ${bar(272, 364, 60, 22, '#8a6be6', 0.9)}
  <g transform="rotate(40 540 250)">
    <rect x="520" y="120" width="40" height="200" rx="6" fill="#ffd166"/>
    <rect x="520" y="120" width="14" height="200" fill="#ffe49a"/>
    <rect x="520" y="104" width="40" height="30" rx="8" fill="#ff8fa3"/>
    <rect x="520" y="130" width="40" height="12" fill="#cfd3e6"/>
    <path d="M520 320 L540 362 L560 320 Z" fill="#f6e0c0"/>
    <path d="M533 348 L540 362 L547 348 Z" fill="#3a2d6b"/>
  </g>`;
}

function readmeGenerator(): string {
  return `
  ${windowFrame(170, 100, 330, 230, '#0d1314', '#1c2628')}
  <text x="194" y="188" font-family="${MONO}" font-weight="bold" font-size="30" fill="#5fe0a8">$</text>
  ${bar(222, 168, 150, 16, '#5fe0a8', 0.75)}
  ${bar(194, 210, 110, 12, '#fff', 0.3)}
  ${bar(194, 236, 170, 12, '#fff', 0.2)}
  ${bar(194, 262, 130, 12, '#fff', 0.2)}
  <rect x="194" y="286" width="16" height="26" fill="#5fe0a8"/>
  <path d="M420 170 H570 L620 220 V410 A14 14 0 0 1 606 424 H434 A14 14 0 0 1 420 410 V184 A14 14 0 0 1 434 170 Z"
    fill="#fff"/>
  <path d="M570 170 V206 A14 14 0 0 0 584 220 H620 Z" fill="#cfe9df"/>
  <text x="442" y="256" font-family="${MONO}" font-weight="bold" font-size="34" fill="#1f6f5c">#</text>
  ${bar(474, 232, 90, 18, '#1f6f5c', 0.85)}
  ${bar(442, 278, 150, 11, '#1f2a2a', 0.3)}
  ${bar(442, 300, 130, 11, '#1f2a2a', 0.3)}
  ${bar(442, 322, 140, 11, '#1f2a2a', 0.3)}
  <rect x="442" y="348" width="150" height="48" rx="8" fill="#e8f4ef"/>
  ${bar(456, 360, 80, 9, '#1f6f5c', 0.6)}
  ${bar(456, 377, 110, 9, '#1f6f5c', 0.4)}`;
}

const thumbnails: Thumbnail[] = [
  { id: 'tea-shop', from: '#b7d3a8', to: '#5f8d5c', art: teaShop },
  { id: 'ai-chatbot', from: '#7d8cf8', to: '#3b2a9b', art: aiChatbot, shadow: false },
  { id: 'drecoll-hills-harvest', from: '#f2d479', to: '#9ab650', art: farmShop, shadow: false },
  { id: 'word-game', from: '#3a4052', to: '#181b24', art: wordGame },
  { id: 'tetris', from: '#33287a', to: '#111331', art: tetris },
  { id: 'boating-app', from: '#2fb3c9', to: '#1b4f8a', art: boatingApp },
  { id: 'cocktail-search', from: '#ff9a8b', to: '#b83280', art: cocktailSearch },
  { id: 'movie-search', from: '#4a2450', to: '#16101f', art: movieSearch },
  { id: 'user-directory', from: '#a3b4ff', to: '#4b5bd0', art: userDirectory },
  { id: 'book-search', from: '#e8b170', to: '#8a5428', art: bookSearch },
  { id: 'weather-dashboard', from: '#79c3f2', to: '#ffd3a0', art: weatherDashboard },
  { id: 'portfolio', from: '#22324f', to: '#0f1117', art: portfolio },
  { id: 'drupal-projects', from: '#33b0e6', to: '#0a4f8c', art: drupalProjects },
  { id: 'budget-tracker', from: '#a3ebc9', to: '#2f9a74', art: budgetTracker },
  { id: 'expense-tracker', from: '#ffe08a', to: '#f0883a', art: expenseTracker },
  { id: 'fitness-tracker', from: '#ffa45c', to: '#e0405a', art: fitnessTracker },
  { id: 'tech-blog', from: '#cdbcff', to: '#7657d8', art: techBlog },
  { id: 'readme-generator', from: '#2a8a72', to: '#0d2e2a', art: readmeGenerator },
];

// ---------------------------------------------------------------------------------------------------------------

async function render(svg: string, file: string): Promise<number> {
  const info = await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: false }).toFile(file);
  return info.size;
}

mkdirSync(THUMB_DIR, { recursive: true });
let total = 0;
for (const t of thumbnails) {
  const size = await render(frame(t.from, t.to, t.art(), t.shadow ?? true), join(THUMB_DIR, `${t.id}.png`));
  total += size;
  console.log(`${t.id}.png  ${(size / 1024).toFixed(1)} KB`);
}
console.log(`total ${(total / 1024).toFixed(1)} KB`);
