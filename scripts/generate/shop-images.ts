// Renders the Drecoll Hills Harvest shop illustrations from the hand-written SVG below, using sharp (librsvg): the
// three product images (src/content/shop/products/<id>.webp, 800×800) and the 48 gallery images
// (src/content/shop/gallery/<Group>/<n>.webp, 640×480), and writes the matching src/content/shop/products.yaml and
// gallery.yaml when they do not exist yet (once written, the YAML is the owner's to edit: it is never overwritten). Run by hand after editing an illustration:
// `node scripts/generate/shop-images.ts`. The images and YAML are committed, so the build never needs this script.
// Output is deterministic: scattered details (seeds, stars, pebbles) come from a seeded PRNG, no dates.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SHOP_DIR = join(root, 'src/content/shop');
const P = 800; // product images are P×P
const W = 640; // gallery images are W×H
const H = 480;
const QUALITY = 82;

/** The farm palette: cream, sage, deep green, mustard and brick red, plus wood, soil and glass. */
const C = {
  cream: '#fbf6e9',
  paper: '#fffdf6',
  sand: '#efe3c6',
  sage: '#a9c29a',
  sageLight: '#d4e2c4',
  green: '#3f6b3a',
  greenDark: '#2d4f2b',
  leaf: '#5e9145',
  grass: '#8db36a',
  cuke: '#4f7f30',
  cukeDark: '#3b6424',
  pickle: '#7a9a3e',
  pickleDark: '#617f2c',
  dill: '#5f9a3f',
  mustard: '#dba53a',
  mustardLight: '#f2d27a',
  brick: '#b9472f',
  brickDark: '#8e3422',
  chili: '#d63d2a',
  wood: '#b07d47',
  woodDark: '#845630',
  woodLight: '#d3a56c',
  soil: '#8a6242',
  soilDark: '#6b4a31',
  garlic: '#f6f0e2',
  garlicLine: '#d9c7b0',
  steel: '#c9d0d1',
  steelDark: '#8f9a9c',
  ink: '#3d3a2f',
  skin: '#e9b98f',
  denim: '#5a7690',
  flower: '#f4c63d',
  water: '#bfe0e4',
};

// ---------------------------------------------------------------------------------------------------------------
// Plumbing: a template tag that rounds numbers, unique ids per image and a seeded PRNG

/** Template tag for SVG: numbers are rounded to one decimal so the markup stays short and stable. */
function s(strings: TemplateStringsArray, ...values: (string | number)[]): string {
  let out = strings[0]!;
  values.forEach((v, i) => {
    out += (typeof v === 'number' ? String(Math.round(v * 10) / 10) : v) + strings[i + 1]!;
  });
  return out;
}

let idCounter = 0;
/** An id unique within the image being drawn (the counter is reset before each image). */
function uid(prefix: string): string {
  idCounter += 1;
  return `${prefix}${idCounter}`;
}

/** mulberry32: a tiny seeded PRNG so "random" scatter is identical on every run. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const deg = (a: number) => (a * Math.PI) / 180;

// ---------------------------------------------------------------------------------------------------------------
// Landscape pieces

function cloud(x: number, y: number, k = 1): string {
  return s`<g fill="#fff" fill-opacity="0.85">
    <circle cx="${x}" cy="${y}" r="${20 * k}"/><circle cx="${x + 26 * k}" cy="${y - 10 * k}" r="${26 * k}"/>
    <circle cx="${x + 54 * k}" cy="${y + 2 * k}" r="${18 * k}"/>
    <rect x="${x - 6 * k}" y="${y}" width="${68 * k}" height="${20 * k}" rx="${10 * k}"/></g>`;
}

function sun(x: number, y: number, r: number, color = '#ffe08a'): string {
  return s`<circle cx="${x}" cy="${y}" r="${r * 1.6}" fill="${color}" fill-opacity="0.25"/>
    <circle cx="${x}" cy="${y}" r="${r}" fill="${color}"/>`;
}

function tree(x: number, base: number, k = 1, leaf = C.green, leaf2 = '#5b8a48'): string {
  return s`<rect x="${x - 6 * k}" y="${base - 52 * k}" width="${12 * k}" height="${52 * k}" rx="${3 * k}"
      fill="${C.woodDark}"/>
    <circle cx="${x - 22 * k}" cy="${base - 58 * k}" r="${24 * k}" fill="${leaf}"/>
    <circle cx="${x + 22 * k}" cy="${base - 60 * k}" r="${26 * k}" fill="${leaf2}"/>
    <circle cx="${x}" cy="${base - 80 * k}" r="${32 * k}" fill="${leaf2}"/>
    <circle cx="${x - 10 * k}" cy="${base - 90 * k}" r="${12 * k}" fill="#fff" fill-opacity="0.14"/>`;
}

function fence(x0: number, x1: number, top: number, bottom: number, gap = 64, color = C.woodLight): string {
  let out = '';
  const rail = (bottom - top) * 0.14;
  out += s`<rect x="${x0}" y="${top + (bottom - top) * 0.2}" width="${x1 - x0}" height="${rail}" rx="3" fill="${color}"/>
    <rect x="${x0}" y="${top + (bottom - top) * 0.58}" width="${x1 - x0}" height="${rail}" rx="3" fill="${color}"/>`;
  for (let x = x0 + 10; x < x1; x += gap) {
    out += s`<path d="M${x} ${top + 6} L${x + 7} ${top} L${x + 14} ${top + 6} V${bottom} H${x} Z" fill="${color}"/>
      <rect x="${x + 10}" y="${top + 6}" width="4" height="${bottom - top - 6}" fill="#000" fill-opacity="0.12"/>`;
  }
  return out;
}

/** `content` clipped to the shape `d` (an SVG path). */
function clipTo(d: string, content: string): string {
  const id = uid('clip');
  return `<clipPath id="${id}"><path d="${d}"/></clipPath><g clip-path="url(#${id})">${content}</g>`;
}

/** Parallel dark stripes across a shape (crop rows, furrows, weave), clipped to it. */
function rows(clip: string, lines: string, color: string, width: number, opacity = 0.35): string {
  return clipTo(
    clip,
    s`<path d="${lines}" fill="none" stroke="${color}" stroke-width="${width}" stroke-opacity="${opacity}"
      stroke-linecap="round"/>`,
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Produce: cucumbers, pickle chips, chili, garlic, dill, leaves, flowers

/** A cucumber lying along the x axis before `rot` (degrees) is applied about its centre. */
function cucumber(cx: number, cy: number, len: number, thick: number, rot = 0, fill = C.cuke): string {
  const x = cx - len / 2;
  const y = cy - thick / 2;
  const n = Math.max(2, Math.round(len / (thick * 0.8)));
  let dots = '';
  for (let i = 0; i < n; i++) {
    const px = x + thick * 0.5 + ((len - thick) * (i + 0.5)) / n;
    dots += s`<circle cx="${px}" cy="${y + thick * (i % 2 ? 0.34 : 0.62)}" r="${thick * 0.07}"/>`;
  }
  return s`<g transform="rotate(${rot} ${cx} ${cy})">
    <rect x="${x}" y="${y}" width="${len}" height="${thick}" rx="${thick / 2}" fill="${fill}"/>
    <rect x="${x + thick * 0.3}" y="${y + thick * 0.68}" width="${len - thick * 0.6}" height="${thick * 0.18}"
      rx="${thick * 0.09}" fill="#000" fill-opacity="0.13"/>
    <rect x="${x + thick * 0.35}" y="${y + thick * 0.15}" width="${len - thick * 0.7}" height="${thick * 0.15}"
      rx="${thick * 0.075}" fill="#fff" fill-opacity="0.22"/>
    <g fill="#fff" fill-opacity="0.32">${dots}</g>
    <rect x="${x - thick * 0.1}" y="${cy - thick * 0.1}" width="${thick * 0.22}" height="${thick * 0.2}"
      rx="${thick * 0.06}" fill="#6b7a35"/>
  </g>`;
}

/** A crinkle-cut pickle chip seen face on; `tilt` squashes it vertically to turn it away from the viewer. */
function chip(cx: number, cy: number, r: number, tilt = 1, rot = 0): string {
  const n = 22;
  let d = '';
  for (let i = 0; i < 2 * n; i++) {
    const a = (i * Math.PI) / n;
    const rr = i % 2 ? r * 0.91 : r;
    d += s`${i ? 'L' : 'M'}${Math.cos(a) * rr} ${Math.sin(a) * rr} `;
  }
  let seeds = '';
  for (let i = 0; i < 6; i++) {
    const a = (i * Math.PI) / 3 + 0.3;
    seeds += s`<ellipse cx="${Math.cos(a) * r * 0.27}" cy="${Math.sin(a) * r * 0.27}" rx="${r * 0.09}" ry="${r * 0.05}"
      transform="rotate(${(a * 180) / Math.PI} ${Math.cos(a) * r * 0.27} ${Math.sin(a) * r * 0.27})"/>`;
  }
  return s`<g transform="translate(${cx} ${cy}) rotate(${rot}) scale(1 ${tilt})">
    <path d="${d}Z" fill="#6f8a30"/>
    <circle r="${r * 0.8}" fill="#d9cf6e"/>
    <circle r="${r * 0.45}" fill="#e9e09a"/>
    <g fill="#f6efc6">${seeds}</g>
  </g>`;
}

/** A fresh cucumber slice seen from above (paler than a pickle chip). */
function slice(cx: number, cy: number, r: number): string {
  let seeds = '';
  for (let i = 0; i < 7; i++) {
    const a = (i * 2 * Math.PI) / 7;
    seeds += s`<ellipse cx="${cx + Math.cos(a) * r * 0.35}" cy="${cy + Math.sin(a) * r * 0.35}" rx="${r * 0.11}"
      ry="${r * 0.06}" transform="rotate(${(a * 180) / Math.PI} ${cx + Math.cos(a) * r * 0.35}
      ${cy + Math.sin(a) * r * 0.35})"/>`;
  }
  return s`<circle cx="${cx}" cy="${cy}" r="${r}" fill="${C.cuke}"/>
    <circle cx="${cx}" cy="${cy}" r="${r * 0.86}" fill="#d6e9b0"/>
    <circle cx="${cx}" cy="${cy}" r="${r * 0.52}" fill="#e8f2c8"/>
    <g fill="#fbfbe8">${seeds}</g>`;
}

function onion(cx: number, cy: number, r: number, tilt = 1, rot = 0): string {
  return s`<g transform="translate(${cx} ${cy}) rotate(${rot}) scale(1 ${tilt})" fill="none" stroke="#d8c2d3"
      stroke-width="${r * 0.08}">
    <circle r="${r}" fill="#f7eef2" fill-opacity="0.95"/>
    <circle r="${r * 0.68}"/><circle r="${r * 0.38}"/>
  </g>`;
}

/** A red chili pepper, stem at (x, y), hanging along +y before rotation; `len` is its length. */
function chili(x: number, y: number, len: number, rot = 0, color = C.chili): string {
  const k = len / 90;
  return s`<g transform="translate(${x} ${y}) rotate(${rot}) scale(${k})">
    <path d="M0 0 C13 -2 19 12 17 30 C15 52 6 72 -7 88 C-2 64 -2 46 -6 30 C-9 15 -9 3 0 0 Z" fill="${color}"/>
    <path d="M8 16 C10 32 8 50 1 66" fill="none" stroke="#fff" stroke-opacity="0.35" stroke-width="4"
      stroke-linecap="round"/>
    <path d="M-8 4 C-3 -3 7 -4 13 3 C7 8 -2 8 -8 4 Z" fill="#4f7d2e"/>
    <path d="M2 0 C2 -9 7 -15 13 -17" fill="none" stroke="#4f7d2e" stroke-width="5" stroke-linecap="round"/>
  </g>`;
}

function garlic(cx: number, cy: number, r: number, rot = 0): string {
  const a = r;
  return s`<g transform="translate(${cx} ${cy}) rotate(${rot})">
    <path d="M0 ${a * 0.88} l${-a * 0.2} ${a * 0.22} M0 ${a * 0.9} l0 ${a * 0.26} M0 ${a * 0.88} l${a * 0.2} ${a * 0.22}"
      stroke="#cdb48f" stroke-width="${a * 0.07}" stroke-linecap="round"/>
    <path d="M0 ${-a * 1.25} C${a * 0.12} ${-a * 0.95} ${a * 1.05} ${-a * 0.75} ${a * 1.02} ${a * 0.05}
      C${a} ${a * 0.7} ${a * 0.45} ${a * 0.92} 0 ${a * 0.9} C${-a * 0.45} ${a * 0.92} ${-a} ${a * 0.7} ${-a * 1.02}
      ${a * 0.05} C${-a * 1.05} ${-a * 0.75} ${-a * 0.12} ${-a * 0.95} 0 ${-a * 1.25} Z" fill="${C.garlic}"
      stroke="${C.garlicLine}" stroke-width="${a * 0.06}"/>
    <path d="M${-a * 0.05} ${-a * 0.95} C${a * 0.5} ${-a * 0.6} ${a * 0.6} ${a * 0.4} ${a * 0.25} ${a * 0.86}
      M${a * 0.05} ${-a * 0.95} C${-a * 0.5} ${-a * 0.6} ${-a * 0.6} ${a * 0.4} ${-a * 0.25} ${a * 0.86}"
      fill="none" stroke="${C.garlicLine}" stroke-width="${a * 0.06}"/>
    <path d="M${-a * 0.7} ${a * 0.45} q${a * 0.05} ${-a * 0.3} ${a * 0.2} ${-a * 0.45} M${a * 0.55} ${a * 0.6}
      q${a * 0.1} ${-a * 0.3} ${a * 0.25} ${-a * 0.4}" fill="none" stroke="#c7a3c0" stroke-opacity="0.7"
      stroke-width="${a * 0.08}" stroke-linecap="round"/>
    <path d="M${-a * 0.06} ${-a * 1.2} L0 ${-a * 1.45} L${a * 0.06} ${-a * 1.2} Z" fill="${C.garlicLine}"/>
  </g>`;
}

/** A garlic clove in its skin, or `peeled` (creamy yellow, glossy). */
function clove(cx: number, cy: number, k = 1, rot = 0, peeled = false): string {
  return s`<g transform="translate(${cx} ${cy}) rotate(${rot}) scale(${k})">
    <path d="M0 -14 C9 -8 11 8 4 14 C0 16 -6 14 -7 8 C-8 0 -5 -8 0 -14 Z" fill="${peeled ? '#f4e7bd' : '#f7f1df'}"
      stroke="${peeled ? '#d8c27f' : '#dccbad'}" stroke-width="1.6"/>
    ${peeled ? '<path d="M-3 -6 Q-4 0 -2 6" fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round"/>' : ''}
  </g>`;
}

/** A feathery dill frond growing from (x, y) upward (before rotation), `len` long. */
function dillSprig(x: number, y: number, len: number, rot = 0, color = C.dill, w = 2.2, detail = 3): string {
  let d = s`M0 0 Q${len * 0.06} ${-len * 0.5} 0 ${-len}`;
  const nb = 6;
  for (let i = 0; i < nb; i++) {
    const t = 0.25 + (0.72 * i) / (nb - 1);
    const sy = -len * t;
    const bl = len * 0.3 * (1 - t * 0.55);
    for (const side of [-1, 1]) {
      const ex = side * bl * 0.85;
      const ey = sy - bl * 0.55;
      d += s` M0 ${sy} L${ex} ${ey}`;
      for (const j of detail === 3 ? [0.4, 0.7, 1] : [0.55, 1]) {
        const px = ex * j;
        const py = sy + (ey - sy) * j;
        d += s` M${px} ${py} l${side * bl * 0.22} ${-bl * 0.22} M${px} ${py} l${side * bl * 0.02} ${-bl * 0.3}`;
      }
    }
  }
  d += s` M0 ${-len} l${-len * 0.06} ${-len * 0.08} M0 ${-len} l${len * 0.06} ${-len * 0.08}`;
  return s`<path transform="translate(${x} ${y}) rotate(${rot})" d="${d}" fill="none" stroke="${color}"
    stroke-width="${w}" stroke-linecap="round"/>`;
}

/** A flowering dill plant: tall stem, fronds and a yellow umbel at the top. */
function dillPlant(x: number, base: number, h: number, r: number, seed: number): string {
  const top = base - h;
  const rand = rng(seed);
  let rays = '';
  let heads = '';
  for (let i = 0; i < 9; i++) {
    const a = deg(-165 + (150 * i) / 8);
    const ex = x + Math.cos(a) * r;
    const ey = top - r * 0.25 + Math.sin(a) * r * 0.45;
    rays += s` M${x} ${top} L${ex} ${ey}`;
    for (let j = 0; j < 4; j++) {
      heads += s`<circle cx="${ex + (rand() - 0.5) * r * 0.22}" cy="${ey + (rand() - 0.6) * r * 0.16}"
        r="${r * 0.07}"/>`;
    }
  }
  return s`${dillSprig(x, base - h * 0.2, h * 0.45, seed % 2 ? -38 : 38, C.dill, 2.4, 2)}
    <path d="M${x} ${base} Q${x + h * 0.04} ${base - h * 0.5} ${x} ${top}${rays}" fill="none" stroke="#4e8a35"
      stroke-width="2.6" stroke-linecap="round"/>
    <g fill="#e9c43c">${heads}</g>`;
}

/** A bunch of dill hung upside down from a string tied at (x, y). */
function dillBundle(x: number, y: number, len: number, beamY: number): string {
  let out = s`<line x1="${x}" y1="${beamY}" x2="${x}" y2="${y}" stroke="#c9a76a" stroke-width="2.5"/>
    <path d="M${x - 6} ${y + 10} C${x - len * 0.45} ${y + len * 0.5} ${x - len * 0.4} ${y + len * 0.95} ${x} ${y + len}
      C${x + len * 0.4} ${y + len * 0.95} ${x + len * 0.45} ${y + len * 0.5} ${x + 6} ${y + 10} Z" fill="#8fbb68"
      fill-opacity="0.55"/>`;
  for (const a of [-24, -8, 8, 24]) {
    out += dillSprig(x + a * 0.12, y + 8, len * (1 - Math.abs(a) / 120), 180 + a, a % 16 ? C.dill : '#6fa84b', 2.6, 2);
  }
  out += s`<path d="M${x - 8} ${y} L${x - 3} ${y - 18} M${x} ${y} L${x} ${y - 20} M${x + 8} ${y} L${x + 3} ${y - 18}"
      stroke="#4e8a35" stroke-width="3" stroke-linecap="round"/>
    <rect x="${x - 10}" y="${y - 6}" width="20" height="12" rx="3" fill="${C.mustard}"/>`;
  return out;
}

/** A five-lobed cucumber leaf centred at (cx, cy), stalk pointing down before rotation. */
function leaf(cx: number, cy: number, r: number, rot = 0, fill = C.leaf): string {
  const tips = [35, -22, -90, -158, -215];
  const pt = (a: number, rr: number) => s`${Math.cos(deg(a)) * rr} ${Math.sin(deg(a)) * rr}`;
  let d = s`M0 ${r * 0.32}`;
  tips.forEach((a, i) => {
    const prev = i === 0 ? 62 : (a + tips[i - 1]!) / 2;
    d += ` L${pt(prev, r * (i === 0 ? 0.5 : 0.74))} L${pt(a, r * (i === 2 ? 1 : i % 4 ? 0.92 : 0.76))}`;
  });
  d += ` L${pt(-242, r * 0.5)} Z`;
  const veins = tips.map((a) => `M0 0 L${pt(a, r * 0.75)}`).join(' ');
  return s`<g transform="translate(${cx} ${cy}) rotate(${rot})">
    <line x1="0" y1="${r * 0.2}" x2="0" y2="${r * 0.75}" stroke="#4e8a35" stroke-width="${r * 0.08}"
      stroke-linecap="round"/>
    <path d="${d}" fill="${fill}" stroke="${fill}" stroke-width="${r * 0.22}" stroke-linejoin="round"/>
    <path d="${veins}" fill="none" stroke="#fff" stroke-opacity="0.28" stroke-width="${r * 0.05}"/>
  </g>`;
}

function flower(cx: number, cy: number, r: number, rot = 0): string {
  let petals = '';
  for (let i = 0; i < 5; i++) {
    petals += s`<ellipse cx="0" cy="${-r * 0.52}" rx="${r * 0.4}" ry="${r * 0.55}" transform="rotate(${i * 72})"/>`;
  }
  return s`<g transform="translate(${cx} ${cy}) rotate(${rot})">
    <g fill="${C.flower}" stroke="#e2a52a" stroke-width="${r * 0.05}">${petals}</g>
    <circle r="${r * 0.26}" fill="#e0a021"/><circle r="${r * 0.12}" fill="#c9861a"/>
  </g>`;
}

function bee(cx: number, cy: number, k = 1, rot = 0): string {
  const id = uid('bee');
  return s`<g transform="translate(${cx} ${cy}) rotate(${rot}) scale(${k})">
    <ellipse cx="-2" cy="-18" rx="10" ry="17" transform="rotate(-25 -2 -18)" fill="#fff" fill-opacity="0.85"
      stroke="#b9d3dc" stroke-width="1.5"/>
    <ellipse cx="10" cy="-16" rx="9" ry="14" transform="rotate(22 10 -16)" fill="#fff" fill-opacity="0.85"
      stroke="#b9d3dc" stroke-width="1.5"/>
    <clipPath id="${id}"><ellipse cx="2" cy="0" rx="22" ry="15"/></clipPath>
    <ellipse cx="2" cy="0" rx="22" ry="15" fill="#f2c23a"/>
    <g clip-path="url(#${id})" fill="#3d3222"><rect x="-4" y="-16" width="6" height="32"/>
      <rect x="8" y="-16" width="6" height="32"/><rect x="20" y="-16" width="6" height="32"/></g>
    <path d="M23 -2 L31 0 L23 3 Z" fill="#3d3222"/>
    <circle cx="-20" cy="0" r="10" fill="#3d3222"/><circle cx="-23" cy="-3" r="2.5" fill="#fff"/>
    <path d="M-24 -8 Q-30 -20 -36 -20 M-19 -9 Q-22 -22 -26 -24" fill="none" stroke="#3d3222" stroke-width="2"
      stroke-linecap="round"/>
  </g>`;
}

function hen(x: number, y: number, k = 1, flip = false, color = '#fbf6ec'): string {
  return s`<g transform="translate(${x} ${y}) scale(${flip ? -k : k} ${k})">
    <path d="M-6 -16 V0 M-6 0 l-6 0 M-6 0 l5 0 M6 -16 V0 M6 0 l-6 0 M6 0 l5 0" stroke="${C.mustard}"
      stroke-width="3" stroke-linecap="round"/>
    <path d="M-22 -34 L-38 -60 L-28 -52 L-32 -66 L-18 -46 Z" fill="${color}" stroke="#d9cdb5" stroke-width="2"
      stroke-linejoin="round"/>
    <ellipse cx="0" cy="-32" rx="28" ry="20" fill="${color}" stroke="#d9cdb5" stroke-width="2"/>
    <circle cx="20" cy="-52" r="12" fill="${color}" stroke="#d9cdb5" stroke-width="2"/>
    <rect x="8" y="-54" width="22" height="20" fill="${color}"/>
    <path d="M12 -62 q3 -9 7 -2 q4 -8 7 0 q4 -5 5 3 Z" fill="${C.chili}"/>
    <path d="M31 -54 L40 -50 L31 -46 Z" fill="${C.mustard}"/>
    <ellipse cx="30" cy="-42" rx="3.5" ry="5" fill="${C.chili}"/>
    <circle cx="23" cy="-54" r="2.4" fill="${C.ink}"/>
    <ellipse cx="-4" cy="-30" rx="15" ry="9" fill="#000" fill-opacity="0.07"/>
  </g>`;
}

// ---------------------------------------------------------------------------------------------------------------
// Jars

type Box = { x: number; y: number; w: number; h: number };
type JarOpts = {
  lid?: string; // lid colour; omit for an open jar
  brine?: string;
  level?: number; // how full of brine (0–1 of the body)
  contents?: (b: Box) => string;
  label?: string;
  mark?: (cx: number, cy: number, k: number) => string; // emblem on the label
  cloth?: string; // a fabric cover tied over the lid
};

function jarPath(x: number, y: number, w: number, h: number): string {
  const nw = w * 0.8;
  const nx = x + (w - nw) / 2;
  const nh = Math.max(5, h * 0.05);
  const sr = w * 0.16;
  const br = w * 0.12;
  return s`M${nx} ${y} V${y + nh} Q${x} ${y + nh} ${x} ${y + nh + sr} V${y + h - br} Q${x} ${y + h} ${x + br} ${y + h}
    H${x + w - br} Q${x + w} ${y + h} ${x + w} ${y + h - br} V${y + nh + sr} Q${x + w} ${y + nh} ${nx + nw} ${y + nh}
    V${y} Z`;
}

/** A glass jar whose body's top-left corner is (x, y); the lid sits above y. */
function jar(x: number, y: number, w: number, h: number, o: JarOpts): string {
  const id = uid('jar');
  const d = jarPath(x, y, w, h);
  const nw = w * 0.8;
  const nx = x + (w - nw) / 2;
  const lidH = Math.max(8, w * 0.15);
  const by = y + h * (1 - (o.level ?? 0.86));
  let out = s`<clipPath id="${id}"><path d="${d}"/></clipPath>
    <path d="${d}" fill="#f2f7ef" fill-opacity="0.75"/>
    <g clip-path="url(#${id})">
      ${o.contents ? o.contents({ x, y, w, h }) : ''}
      ${o.brine ? s`<rect x="${x}" y="${by}" width="${w}" height="${h}" fill="${o.brine}" fill-opacity="0.4"/>` : ''}
      ${o.brine ? s`<rect x="${x}" y="${by}" width="${w}" height="${Math.max(2, h * 0.012)}" fill="#fff" fill-opacity="0.5"/>` : ''}
      <rect x="${x + w * 0.09}" y="${y + h * 0.13}" width="${w * 0.08}" height="${h * 0.7}" rx="${w * 0.04}" fill="#fff"
        fill-opacity="0.5"/>
      <rect x="${x + w * 0.82}" y="${y + h * 0.22}" width="${w * 0.035}" height="${h * 0.5}" rx="${w * 0.017}"
        fill="#fff" fill-opacity="0.35"/>
    </g>
    <path d="${d}" fill="none" stroke="#7f9a8a" stroke-opacity="0.6" stroke-width="${Math.max(1.5, w * 0.018)}"/>`;
  if (o.label) {
    const ly = y + h * 0.44;
    const lh = h * 0.3;
    const ld = s`M${x} ${ly} Q${x + w / 2} ${ly + lh * 0.12} ${x + w} ${ly} V${ly + lh} Q${x + w / 2} ${ly + lh * 1.12}
      ${x} ${ly + lh} Z`;
    const inset = w * 0.06;
    out += s`<path d="${ld}" fill="${o.label}"/>
      <path d="M${x + inset} ${ly + inset * 0.9} Q${x + w / 2} ${ly + inset * 0.9 + lh * 0.12} ${x + w - inset}
        ${ly + inset * 0.9} V${ly + lh - inset * 0.9} Q${x + w / 2} ${ly + lh * 1.12 - inset * 0.9} ${x + inset}
        ${ly + lh - inset * 0.9} Z" fill="none" stroke="${C.cream}" stroke-opacity="0.75"
        stroke-width="${Math.max(1.2, w * 0.015)}"/>
      ${o.mark ? o.mark(x + w / 2, ly + lh * 0.55, w / 300) : ''}`;
  }
  if (o.lid) {
    const lx = nx - w * 0.03;
    const lw = nw + w * 0.06;
    let ridges = '';
    for (let i = 1; i < 12; i++) ridges += s` M${lx + (lw * i) / 12} ${y - lidH * 0.7} V${y}`;
    out += s`<rect x="${lx}" y="${y - lidH}" width="${lw}" height="${lidH + h * 0.02}" rx="${lidH * 0.25}"
        fill="${o.lid}"/>
      <path d="${ridges}" stroke="#000" stroke-opacity="0.12" stroke-width="${Math.max(1, w * 0.01)}"/>
      <rect x="${lx}" y="${y - lidH}" width="${lw}" height="${lidH * 0.3}" rx="${lidH * 0.15}" fill="#fff"
        fill-opacity="0.3"/>`;
  }
  if (o.cloth) {
    const cid = uid('cloth');
    const cw = nw + w * 0.3;
    const cx0 = nx - w * 0.15;
    const cd = s`M${cx0} ${y + h * 0.06} Q${cx0 + cw * 0.1} ${y - lidH * 1.5} ${cx0 + cw / 2} ${y - lidH * 1.6}
      Q${cx0 + cw * 0.9} ${y - lidH * 1.5} ${cx0 + cw} ${y + h * 0.06} Q${cx0 + cw * 0.8} ${y + h * 0.1}
      ${cx0 + cw * 0.62} ${y + h * 0.05} Q${cx0 + cw * 0.4} ${y + h * 0.12} ${cx0 + cw * 0.2} ${y + h * 0.05}
      Q${cx0 + cw * 0.08} ${y + h * 0.1} ${cx0} ${y + h * 0.06} Z`;
    const sq = w * 0.07;
    let checks = '';
    for (let gx = cx0; gx < cx0 + cw; gx += sq * 2) checks += s` M${gx} ${y - lidH * 2} v${h * 0.3}`;
    let checksH = '';
    for (let gy = y - lidH * 2; gy < y + h * 0.15; gy += sq * 2) checksH += s` M${cx0} ${gy} h${cw}`;
    out += s`<clipPath id="${cid}"><path d="${cd}"/></clipPath>
      <path d="${cd}" fill="#fff7ea"/>
      <g clip-path="url(#${cid})" stroke="${o.cloth}" stroke-opacity="0.55" stroke-width="${sq}">
        <path d="${checks}"/><path d="${checksH}"/></g>
      <path d="${cd}" fill="none" stroke="${o.cloth}" stroke-opacity="0.5" stroke-width="1.5"/>`;
  }
  return out;
}

type Kind = 'dill' | 'hot' | 'bb';
const KIND: Record<Kind, { lid: string; label: string; brine: string }> = {
  dill: { lid: C.green, label: '#5e8f49', brine: '#cbd98a' },
  hot: { lid: C.brick, label: C.brick, brine: '#eaa35a' },
  bb: { lid: C.mustard, label: C.mustard, brine: '#ecb52e' },
};

/** Whole pickles standing upright, with dill, garlic and (for hot) chilies between them. */
function uprightContents(b: Box, kind: Kind, seed: number): string {
  const rand = rng(seed);
  const n = Math.max(3, Math.round(b.w / 45));
  const thick = (b.w / n) * 0.95;
  let out = '';
  if (kind === 'dill') {
    out += dillSprig(b.x + b.w * 0.3, b.y + b.h, b.h * 0.8, -10, C.greenDark, Math.max(1.5, b.w * 0.016));
    out += dillSprig(b.x + b.w * 0.72, b.y + b.h, b.h * 0.75, 12, C.greenDark, Math.max(1.5, b.w * 0.016));
  }
  for (let i = 0; i < n; i++) {
    const cx = b.x + (b.w * (i + 0.5)) / n;
    const len = b.h * (0.72 + rand() * 0.12);
    out += cucumber(
      cx,
      b.y + b.h - len / 2 - b.h * 0.02,
      len,
      thick,
      90 + (rand() - 0.5) * 10,
      i % 2 ? C.pickle : C.pickleDark,
    );
  }
  if (kind === 'hot') {
    for (let i = 0; i < n - 1; i++) {
      const cx = b.x + (b.w * (i + 1)) / n;
      out += chili(cx, b.y + b.h * (0.25 + (i % 2) * 0.3), b.h * 0.38, (rand() - 0.5) * 30);
    }
    for (let i = 0; i < 14; i++) {
      out += s`<circle cx="${b.x + rand() * b.w}" cy="${b.y + b.h * (0.2 + rand() * 0.75)}" r="${b.w * 0.012}"
        fill="${C.chili}"/>`;
    }
  }
  if (kind === 'dill') {
    out += dillSprig(b.x + b.w * 0.5, b.y + b.h, b.h * 0.72, 4, C.greenDark, Math.max(1.5, b.w * 0.016));
  }
  const k = b.w / 150;
  out += clove(b.x + b.w * 0.2, b.y + b.h * 0.9, k, -30) + clove(b.x + b.w * 0.78, b.y + b.h * 0.88, k, 25);
  return out;
}

/** Crinkle-cut chips and onion rings heaped in golden brine, with mustard seed. */
function chipContents(b: Box, seed: number): string {
  const rand = rng(seed);
  const r = b.w * 0.15;
  let out = '';
  let row = 0;
  for (let y = b.y + b.h * 0.98; y > b.y + b.h * 0.12; y -= r * 1.05) {
    for (let x = b.x + (row % 2 ? r * 0.4 : r * 1.1); x < b.x + b.w + r; x += r * 1.55) {
      const onionHere = rand() < 0.2;
      const jx = x + (rand() - 0.5) * r * 0.4;
      const jy = y + (rand() - 0.5) * r * 0.3;
      out += onionHere
        ? onion(jx, jy, r * 0.85, 0.5 + rand() * 0.4, (rand() - 0.5) * 40)
        : chip(jx, jy, r, 0.55 + rand() * 0.45, (rand() - 0.5) * 50);
    }
    row += 1;
  }
  let seeds = '';
  for (let i = 0; i < 26; i++) {
    seeds += s`<circle cx="${b.x + rand() * b.w}" cy="${b.y + b.h * (0.18 + rand() * 0.8)}" r="${b.w * 0.011}"/>`;
  }
  return out + s`<g fill="#c98a1c">${seeds}</g>`;
}

/** Small emblems for the jar labels (drawn at scale k about the label's centre). */
const MARK: Record<Kind, (cx: number, cy: number, k: number) => string> = {
  hot: (cx, cy, k) =>
    s`<circle cx="${cx}" cy="${cy}" r="${38 * k}" fill="${C.cream}"/>${chili(cx - 4 * k, cy - 26 * k, 54 * k, -25)}`,
  bb: (cx, cy, k) => s`<circle cx="${cx}" cy="${cy}" r="${38 * k}" fill="${C.cream}"/>${chip(cx, cy, 26 * k)}`,
  dill: (cx, cy, k) =>
    s`<circle cx="${cx}" cy="${cy}" r="${38 * k}" fill="${C.cream}"/>${dillSprig(cx, cy + 28 * k, 54 * k, 0, C.green, Math.max(1, 3 * k))}`,
};

/** A finished jar of one of the three pickles; `labelled: false` for a plain jar. */
function pickleJar(x: number, y: number, w: number, h: number, kind: Kind, o: Partial<JarOpts> = {}, seed = 7): string {
  const k = KIND[kind];
  return jar(x, y, w, h, {
    lid: k.lid,
    brine: k.brine,
    label: k.label,
    mark: w >= 70 ? MARK[kind] : undefined,
    contents: (b) => (kind === 'bb' ? chipContents(b, seed) : uprightContents(b, kind, seed)),
    ...o,
  });
}

const shadow = (cx: number, cy: number, rx: number, ry = rx * 0.12) =>
  s`<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="#5a4a2a" fill-opacity="0.16"/>`;

// ---------------------------------------------------------------------------------------------------------------
// Kitchen things

function crate(x: number, y: number, w: number, h: number, fill = C.woodLight): string {
  return s`<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="3" fill="${fill}"/>
    <rect x="${x}" y="${y + h / 3 - 2}" width="${w}" height="4" fill="${C.woodDark}" fill-opacity="0.45"/>
    <rect x="${x}" y="${y + (2 * h) / 3 - 2}" width="${w}" height="4" fill="${C.woodDark}" fill-opacity="0.45"/>
    <rect x="${x}" y="${y}" width="${w * 0.07}" height="${h}" fill="${C.woodDark}" fill-opacity="0.25"/>
    <rect x="${x + w * 0.93}" y="${y}" width="${w * 0.07}" height="${h}" fill="${C.woodDark}" fill-opacity="0.25"/>
    <rect x="${x}" y="${y}" width="${w}" height="${h * 0.1}" fill="#fff" fill-opacity="0.18"/>`;
}

/** A crate seen from the front with cucumbers heaped above its rim. */
function crateOfCucumbers(x: number, y: number, w: number, h: number, seed: number): string {
  const rand = rng(seed);
  let out = '';
  const n = Math.round(w / 30);
  for (let i = 0; i < n; i++) {
    const cx = x + w * 0.12 + (w * 0.76 * i) / Math.max(1, n - 1);
    const cy = y - Math.min(h * 0.14, 9) + (i % 2) * 6;
    out += cucumber(cx, cy, w * 0.42, Math.min(h * 0.3, 20), (rand() - 0.5) * 40, i % 2 ? C.cuke : C.cukeDark);
  }
  return out + crate(x, y, w, h);
}

function pot(x: number, y: number, w: number, h: number, color = C.steel, rim = '#e4e9e9'): string {
  return s`<rect x="${x - w * 0.08}" y="${y + h * 0.12}" width="${w * 1.16}" height="${h * 0.1}" rx="${h * 0.05}"
      fill="${C.steelDark}"/>
    <path d="M${x} ${y} H${x + w} V${y + h - w * 0.08} Q${x + w} ${y + h} ${x + w - w * 0.08} ${y + h} H${x + w * 0.08}
      Q${x} ${y + h} ${x} ${y + h - w * 0.08} Z" fill="${color}"/>
    <rect x="${x - 4}" y="${y - 4}" width="${w + 8}" height="12" rx="6" fill="${rim}"/>
    <rect x="${x + w * 0.08}" y="${y + h * 0.2}" width="${w * 0.06}" height="${h * 0.6}" rx="${w * 0.03}" fill="#fff"
      fill-opacity="0.35"/>`;
}

function flames(cx: number, y: number, w: number): string {
  let out = '';
  for (let i = 0; i < 6; i++) {
    const x = cx - w / 2 + (w * (i + 0.5)) / 6;
    const hgt = i % 2 ? 22 : 30;
    out += s`<path d="M${x} ${y - hgt} C${x + 9} ${y - hgt * 0.5} ${x + 9} ${y} ${x} ${y} C${x - 9} ${y} ${x - 9}
      ${y - hgt * 0.5} ${x} ${y - hgt} Z" fill="#f08a3c"/>
      <path d="M${x} ${y - hgt * 0.55} C${x + 4} ${y - hgt * 0.3} ${x + 4} ${y} ${x} ${y} C${x - 4} ${y} ${x - 4}
      ${y - hgt * 0.3} ${x} ${y - hgt * 0.55} Z" fill="#ffd36b"/>`;
  }
  return out;
}

function steam(x: number, y: number, hgt: number, opacity = 0.8): string {
  return s`<path d="M${x} ${y} c${-14} ${-hgt * 0.18} ${14} ${-hgt * 0.32} 0 ${-hgt * 0.5} s${14} ${-hgt * 0.32} 0
    ${-hgt * 0.5}" fill="none" stroke="#fff" stroke-opacity="${opacity}" stroke-width="7" stroke-linecap="round"/>`;
}

/** A chef's knife with the tip at (x, y), lying along +x before rotation. */
function knife(x: number, y: number, len: number, rot = 0): string {
  const b = len * 0.64;
  return s`<g transform="translate(${x} ${y}) rotate(${rot})">
    <path d="M0 6 Q${b * 0.25} -9 ${b} -9 V10 H${b * 0.15} Q${4} 10 0 6 Z" fill="#dfe4e4" stroke="#a9b3b4"
      stroke-width="1.5"/>
    <path d="M${b * 0.2} 6 H${b - 4}" stroke="#fff" stroke-width="2" stroke-opacity="0.8"/>
    <rect x="${b}" y="-8" width="${len - b}" height="17" rx="6" fill="${C.woodDark}"/>
    <circle cx="${b + (len - b) * 0.35}" cy="0.5" r="2.4" fill="#e9dcc0"/>
    <circle cx="${b + (len - b) * 0.7}" cy="0.5" r="2.4" fill="#e9dcc0"/>
  </g>`;
}

/** A cutting board seen from above, handle on the right. */
function board(x: number, y: number, w: number, h: number, fill = '#ecc995'): string {
  return s`<rect x="${x + 6}" y="${y + 8}" width="${w}" height="${h}" rx="22" fill="#000" fill-opacity="0.1"/>
    <path d="M${x + 22} ${y} H${x + w - 60} Q${x + w - 40} ${y} ${x + w - 40} ${y + h * 0.3} Q${x + w - 40}
      ${y + h * 0.38} ${x + w} ${y + h * 0.38} V${y + h * 0.62} Q${x + w - 40} ${y + h * 0.62} ${x + w - 40} ${y + h * 0.7}
      Q${x + w - 40} ${y + h} ${x + w - 60} ${y + h} H${x + 22} Q${x} ${y + h} ${x} ${y + h - 22} V${y + 22}
      Q${x} ${y} ${x + 22} ${y} Z" fill="${fill}"/>
    <circle cx="${x + w - 16}" cy="${y + h / 2}" r="7" fill="#000" fill-opacity="0.18"/>
    <path d="M${x + 30} ${y + h * 0.3} H${x + w - 80} M${x + 50} ${y + h * 0.7} H${x + w - 100}" stroke="#fff"
      stroke-opacity="0.16" stroke-width="4" stroke-linecap="round"/>`;
}

/** A bowl seen from above with `inside` clipped to its inner circle. */
function bowlTop(cx: number, cy: number, r: number, color: string, inside: string): string {
  const id = uid('bowl');
  return s`<circle cx="${cx + 6}" cy="${cy + 8}" r="${r}" fill="#000" fill-opacity="0.1"/>
    <circle cx="${cx}" cy="${cy}" r="${r}" fill="${color}"/>
    <clipPath id="${id}"><circle cx="${cx}" cy="${cy}" r="${r * 0.8}"/></clipPath>
    <circle cx="${cx}" cy="${cy}" r="${r * 0.8}" fill="#fffaf0"/>
    <g clip-path="url(#${id})">${inside}</g>
    <path d="M${cx - r * 0.9} ${cy - r * 0.1} A${r * 0.9} ${r * 0.9} 0 0 1 ${cx - r * 0.1} ${cy - r * 0.9}" fill="none"
      stroke="#fff" stroke-opacity="0.45" stroke-width="${r * 0.08}" stroke-linecap="round"/>`;
}

/** Scattered dots (seeds, peppercorns, salt) inside a circle. */
function scatter(cx: number, cy: number, r: number, n: number, dot: number, color: string, seed: number): string {
  const rand = rng(seed);
  let out = '';
  for (let i = 0; i < n; i++) {
    const a = rand() * Math.PI * 2;
    const rr = Math.sqrt(rand()) * r;
    out += s`<circle cx="${cx + Math.cos(a) * rr}" cy="${cy + Math.sin(a) * rr}" r="${dot * (0.8 + rand() * 0.4)}"/>`;
  }
  return s`<g fill="${color}">${out}</g>`;
}

/** A farmer in a straw hat and overalls standing with feet at (x, base). */
function farmer(x: number, base: number, k = 1): string {
  return s`<g transform="translate(${x} ${base}) scale(${k})">
    <rect x="-19" y="-72" width="16" height="66" rx="4" fill="${C.denim}"/>
    <rect x="3" y="-72" width="16" height="66" rx="4" fill="${C.denim}"/>
    <rect x="-22" y="-10" width="20" height="10" rx="4" fill="${C.ink}"/>
    <rect x="2" y="-10" width="20" height="10" rx="4" fill="${C.ink}"/>
    <rect x="-26" y="-142" width="52" height="78" rx="16" fill="${C.brick}"/>
    <rect x="-18" y="-112" width="36" height="48" rx="6" fill="${C.denim}"/>
    <path d="M-16 -112 L-20 -138 M16 -112 L20 -138" stroke="${C.denim}" stroke-width="6"/>
    <rect x="-38" y="-136" width="14" height="58" rx="7" fill="${C.brick}"/>
    <circle cx="-31" cy="-76" r="8" fill="${C.skin}"/>
    <rect x="-7" y="-152" width="14" height="14" fill="${C.skin}"/>
    <circle cx="0" cy="-164" r="19" fill="${C.skin}"/>
    <circle cx="-6" cy="-164" r="2.2" fill="${C.ink}"/><circle cx="7" cy="-164" r="2.2" fill="${C.ink}"/>
    <path d="M-5 -155 Q1 -151 7 -155" fill="none" stroke="${C.ink}" stroke-width="2" stroke-linecap="round"/>
    <ellipse cx="0" cy="-178" rx="36" ry="8" fill="${C.mustard}"/>
    <path d="M-18 -178 Q-18 -198 0 -198 Q18 -198 18 -178 Z" fill="${C.mustardLight}"/>
    <rect x="-18" y="-184" width="36" height="6" fill="${C.brick}"/>
  </g>`;
}

// ---------------------------------------------------------------------------------------------------------------
// Frames: one per gallery group (background only; each scene draws on top)

type Scene = { alt: string; art: () => string; sky?: [string, string]; clouds?: boolean; view?: 'front' | 'top' };

function svg(w: number, h: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`;
}

/** Outdoor groups: a vertical sky gradient with two soft clouds (scenes draw their own land). */
function outdoorFrame(sky: [string, string]) {
  return (scene: Scene): string => {
    const [top, bottom] = scene.sky ?? sky;
    return svg(
      W,
      H,
      `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>
      <rect width="${W}" height="${H}" fill="url(#sky)"/>
      ${scene.clouds === false ? '' : cloud(70, 70, 0.9) + cloud(300, 48, 0.7)}
      ${scene.art()}`,
    );
  };
}

/**
 * Indoor groups: a tiled wall over a counter (front view), or a plank table seen from above (top view).
 * `tile` is the wall pattern: square kitchen tiles, offset subway tiles or wallpaper stripes.
 */
function indoorFrame(wall: [string, string], tile: 'square' | 'subway' | 'stripe', counter: string, table: string) {
  const pattern = {
    square: `<pattern id="tile" width="48" height="48" patternUnits="userSpaceOnUse">
      <path d="M0 0.5 H48 M0.5 0 V48" stroke="#fff" stroke-width="2" stroke-opacity="0.7"/></pattern>`,
    subway: `<pattern id="tile" width="64" height="64" patternUnits="userSpaceOnUse">
      <path d="M0 1 H64 M0 33 H64 M1 0 V32 M33 32 V64" stroke="#fff" stroke-width="2" stroke-opacity="0.7"/></pattern>`,
    stripe: `<pattern id="tile" width="40" height="40" patternUnits="userSpaceOnUse">
      <rect width="14" height="40" fill="#fff" fill-opacity="0.3"/></pattern>`,
  }[tile];
  return (scene: Scene): string => {
    if (scene.view === 'top') {
      let planks = '';
      for (let y = 0; y < H; y += 96) {
        planks += `<rect y="${y}" width="${W}" height="96" fill="${y % 192 ? '#fff' : '#000'}" fill-opacity="0.04"/>
          <rect y="${y}" width="${W}" height="3" fill="#000" fill-opacity="0.12"/>`;
      }
      return svg(W, H, `<rect width="${W}" height="${H}" fill="${table}"/>${planks}${scene.art()}`);
    }
    return svg(
      W,
      H,
      `<defs><linearGradient id="wall" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="${wall[0]}"/><stop offset="1" stop-color="${wall[1]}"/></linearGradient>
        ${pattern}</defs>
      <rect width="${W}" height="${H}" fill="url(#wall)"/>
      <rect width="${W}" height="${H}" fill="url(#tile)"/>
      <rect y="360" width="${W}" height="120" fill="${counter}"/>
      <rect y="360" width="${W}" height="8" fill="#fff" fill-opacity="0.3"/>
      <rect y="420" width="${W}" height="60" fill="#000" fill-opacity="0.06"/>
      ${scene.art()}`,
    );
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Farm

const farm: Scene[] = [
  {
    alt: 'Illustration of a red barn and silo beside a green field',
    art: () => {
      const field = 'M0 350 C200 330 400 345 640 335 V480 H0 Z';
      let lines = '';
      for (let i = 0; i < 10; i++) lines += s` M${330 + i * 40} 335 L${230 + i * 75} 480`;
      return s`${sun(560, 84, 36)}
        <path d="M0 300 C150 250 300 270 420 285 C520 295 580 262 640 270 V480 H0 Z" fill="#b9d19a"/>
        <path d="${field}" fill="${C.grass}"/>${rows(field, lines, '#4f7d2e', 12)}
        ${tree(70, 352, 1)}
        <rect x="330" y="210" width="48" height="170" fill="#d9dcd6"/>
        <path d="M330 212 Q354 176 378 212 Z" fill="#aeb7b3"/>
        <path d="M330 250 H378 M330 290 H378 M330 330 H378" stroke="#fff" stroke-opacity="0.6" stroke-width="3"/>
        <path d="M130 380 V250 L160 196 L225 166 L290 196 L320 250 V380 Z" fill="${C.brick}"/>
        <path d="M160 250 V380 M190 250 V380 M260 250 V380 M290 250 V380" stroke="#000" stroke-opacity="0.08"
          stroke-width="3"/>
        <path d="M123 255 L157 193 L225 160 L293 193 L327 255" fill="none" stroke="${C.cream}" stroke-width="9"
          stroke-linejoin="round" stroke-linecap="round"/>
        <rect x="183" y="288" width="84" height="92" fill="${C.brickDark}"/>
        <path d="M183 288 L267 380 M267 288 L183 380" stroke="${C.cream}" stroke-width="5"/>
        <rect x="183" y="288" width="84" height="92" fill="none" stroke="${C.cream}" stroke-width="6"/>
        <rect x="207" y="212" width="36" height="36" fill="#5a2a1f" stroke="${C.cream}" stroke-width="5"/>
        <rect x="120" y="376" width="210" height="8" rx="4" fill="#000" fill-opacity="0.1"/>`;
    },
  },
  {
    alt: 'Illustration of a cream farmhouse with glowing windows at sunrise',
    sky: ['#f4b98a', '#fbe7cb'],
    clouds: false,
    art: () =>
      s`${sun(470, 300, 80, '#ffd98a')}
        <path d="M0 300 C120 270 240 280 360 300 C460 316 560 290 640 280 V480 H0 Z" fill="#b8c58f"/>
        <path d="M0 370 C200 350 420 365 640 350 V480 H0 Z" fill="#98b46e"/>
        <path d="M230 372 L260 372 L300 480 L190 480 Z" fill="#e8d7b2"/>
        ${tree(520, 372, 1.1, '#4d7a42', '#648f4f')}
        <rect x="290" y="180" width="20" height="60" fill="${C.brickDark}"/>
        <rect x="140" y="250" width="190" height="122" fill="#f8f1df"/>
        <path d="M122 258 L235 172 L348 258 Z" fill="${C.brick}"/>
        <path d="M122 258 L235 172 L348 258" fill="none" stroke="${C.brickDark}" stroke-width="6"
          stroke-linejoin="round"/>
        <circle cx="235" cy="222" r="14" fill="#ffd98a" stroke="#fff" stroke-width="4"/>
        <g fill="#ffd98a" stroke="#fff" stroke-width="4">
          <rect x="158" y="282" width="40" height="38"/><rect x="272" y="282" width="40" height="38"/></g>
        <path d="M178 282 V320 M158 301 H198 M292 282 V320 M272 301 H312" stroke="#fff" stroke-width="3"/>
        <rect x="218" y="300" width="34" height="72" rx="3" fill="${C.green}"/>
        <circle cx="245" cy="338" r="3" fill="${C.mustardLight}"/>
        <rect x="132" y="268" width="206" height="10" fill="${C.brickDark}" fill-opacity="0.85"/>
        <rect x="136" y="368" width="198" height="10" rx="3" fill="${C.wood}"/>`,
  },
  {
    alt: 'Illustration of rolling fields of wheat and crops behind a wooden fence',
    art: () => {
      const mid = 'M0 300 C140 262 260 290 380 298 C480 306 560 272 640 282 V480 H0 Z';
      const near = 'M0 360 C160 330 320 350 440 356 C540 362 600 342 640 346 V480 H0 Z';
      let midLines = '';
      for (let i = 0; i < 8; i++)
        midLines += s` M-20 ${290 + i * 16} C160 ${250 + i * 16} 380 ${300 + i * 14} 660 ${270 + i * 16}`;
      let nearLines = '';
      for (let i = 0; i < 10; i++) nearLines += s` M${-80 + i * 90} 480 L${120 + i * 60} 340`;
      return s`<path d="M0 250 C120 212 240 216 340 240 C440 264 540 222 640 232 V480 H0 Z" fill="#c7d9a6"/>
        ${tree(120, 238, 0.45)}${tree(460, 246, 0.5)}${tree(500, 242, 0.4)}
        <path d="${mid}" fill="#e6c46a"/>${rows(mid, midLines, '#b8902f', 5, 0.45)}
        <path d="${near}" fill="#8cb464"/>${rows(near, nearLines, '#4f7d2e', 14, 0.35)}
        <rect y="436" width="${W}" height="44" fill="#77a04f"/>
        ${fence(-10, 650, 372, 450)}`;
    },
  },
  {
    alt: 'Illustration of a red tractor ploughing a brown field',
    art: () => {
      const field = 'M0 330 C200 315 420 325 640 312 V480 H0 Z';
      let furrows = '';
      for (let i = 0; i < 9; i++)
        furrows += s` M-20 ${340 + i * 18} C200 ${326 + i * 18} 420 ${336 + i * 18} 660 ${322 + i * 18}`;
      return s`${sun(560, 90, 30)}
        <path d="M0 280 C160 240 320 250 460 270 C540 282 600 262 640 262 V480 H0 Z" fill="#a9c77f"/>
        ${tree(560, 280, 0.6)}
        <path d="${field}" fill="#c49a6a"/>${rows(field, furrows, C.soilDark, 6, 0.4)}
        ${shadow(340, 420, 180, 14)}
        <rect x="258" y="240" width="11" height="62" rx="4" fill="${C.ink}"/>
        <circle cx="270" cy="226" r="12" fill="#fff" fill-opacity="0.7"/>
        <circle cx="288" cy="206" r="16" fill="#fff" fill-opacity="0.55"/>
        <circle cx="312" cy="184" r="19" fill="#fff" fill-opacity="0.4"/>
        <rect x="218" y="292" width="160" height="62" rx="12" fill="${C.brick}"/>
        <rect x="208" y="300" width="18" height="46" rx="5" fill="${C.ink}"/>
        <path d="M210 310 H224 M210 322 H224 M210 334 H224" stroke="#fff" stroke-opacity="0.4" stroke-width="3"/>
        <path d="M352 214 H458 V352 H352 Z" fill="${C.brick}"/>
        <rect x="366" y="228" width="78" height="62" rx="6" fill="#d8eef0"/>
        <path d="M374 236 L396 236 L374 258 Z" fill="#fff" fill-opacity="0.6"/>
        <rect x="342" y="204" width="126" height="14" rx="5" fill="${C.ink}"/>
        <path d="M330 352 A78 78 0 0 1 486 352" fill="${C.brickDark}"/>
        <circle cx="408" cy="372" r="64" fill="#3a3530"/>
        <circle cx="408" cy="372" r="30" fill="${C.mustard}"/><circle cx="408" cy="372" r="9" fill="#3a3530"/>
        <circle cx="408" cy="372" r="64" fill="none" stroke="#26221f" stroke-width="8" stroke-dasharray="10 10"/>
        <circle cx="250" cy="384" r="38" fill="#3a3530"/>
        <circle cx="250" cy="384" r="17" fill="${C.mustard}"/><circle cx="250" cy="384" r="6" fill="#3a3530"/>
        <circle cx="250" cy="384" r="38" fill="none" stroke="#26221f" stroke-width="6" stroke-dasharray="8 8"/>`;
    },
  },
  {
    alt: 'Illustration of a farm windmill beside a wooden water tank',
    art: () => {
      let blades = '';
      for (let i = 0; i < 12; i++) {
        blades += s`<path d="M0 -22 L-9 -84 L9 -84 Z" transform="rotate(${i * 30})"/>`;
      }
      let staves = '';
      for (let x = 432; x < 540; x += 14) staves += s` M${x} 292 V382`;
      return s`${sun(560, 90, 30)}
        <path d="M0 320 C180 290 360 310 640 300 V480 H0 Z" fill="#9fc076"/>
        <path d="M0 400 C220 385 440 395 640 385 V480 H0 Z" fill="#86ab5c"/>
        <g stroke="${C.steelDark}" stroke-width="6" stroke-linecap="round">
          <path d="M250 392 L292 170 M350 392 L308 170"/>
          <path d="M258 350 L340 350 M268 296 L332 296 M279 236 L321 236 M258 350 L332 296 M342 350 L268 296
            M268 296 L321 236 M332 296 L279 236" stroke-width="3.5"/>
        </g>
        <path d="M300 150 L390 132 L392 176 Z" fill="${C.brick}"/>
        <g transform="translate(300 150)" fill="${C.cream}" stroke="#c9bfa6" stroke-width="2">${blades}</g>
        <circle cx="300" cy="150" r="84" fill="none" stroke="#c9bfa6" stroke-width="4"/>
        <circle cx="300" cy="150" r="50" fill="none" stroke="#c9bfa6" stroke-width="3"/>
        <circle cx="300" cy="150" r="14" fill="${C.brick}"/>
        <rect x="424" y="288" width="124" height="96" fill="${C.wood}"/>
        <path d="${staves}" stroke="${C.woodDark}" stroke-width="2" stroke-opacity="0.6"/>
        <ellipse cx="486" cy="288" rx="62" ry="12" fill="${C.woodLight}"/>
        <rect x="424" y="304" width="124" height="7" fill="#5b5550"/>
        <rect x="424" y="358" width="124" height="7" fill="#5b5550"/>
        <path d="M436 384 L430 410 M536 384 L542 410" stroke="${C.woodDark}" stroke-width="8"/>
        <rect x="360" y="392" width="110" height="26" rx="6" fill="#9aa3a3"/>
        <rect x="366" y="392" width="98" height="8" rx="4" fill="${C.water}"/>`;
    },
  },
  {
    alt: 'Illustration of a roadside farm stand with cucumbers and pickle jars',
    art: () => {
      let scallops = '';
      for (let i = 0; i < 8; i++) {
        const x = 150 + i * 42.5;
        scallops += s`<path d="M${x} 226 H${x + 42.5} V240 A21.25 21.25 0 0 1 ${x} 240 Z"
          fill="${i % 2 ? C.cream : C.brick}"/>`;
      }
      let stripes = '';
      for (let i = 0; i < 8; i++) {
        stripes += s`<path d="M${170 + i * 37.5} 170 H${170 + (i + 1) * 37.5} L${150 + (i + 1) * 42.5} 226
          H${150 + i * 42.5} Z" fill="${i % 2 ? C.cream : C.brick}"/>`;
      }
      let planks = '';
      for (let x = 190; x < 460; x += 30) planks += s` M${x} 318 V400`;
      return s`<path d="M0 330 C200 310 420 322 640 305 V480 H0 Z" fill="#a3c47a"/>
        ${tree(560, 330, 0.9)}
        <path d="M0 420 H640 V480 H0 Z" fill="#d9c9a3"/>
        ${shadow(320, 404, 190, 12)}
        <rect x="178" y="226" width="12" height="100" fill="${C.woodDark}"/>
        <rect x="450" y="226" width="12" height="100" fill="${C.woodDark}"/>
        <rect x="240" y="128" width="160" height="36" rx="6" fill="${C.cream}" stroke="${C.wood}" stroke-width="5"/>
        <rect x="262" y="140" width="116" height="12" rx="6" fill="${C.green}" fill-opacity="0.5"/>
        <path d="M250 164 V172 M390 164 V172" stroke="${C.woodDark}" stroke-width="4"/>
        ${stripes}${scallops}
        ${crateOfCucumbers(190, 272, 92, 42, 11)}
        ${pickleJar(300, 276, 34, 46, 'dill')}${pickleJar(342, 276, 34, 46, 'hot')}
        ${pickleJar(384, 276, 34, 46, 'bb')}
        <rect x="164" y="318" width="312" height="84" rx="4" fill="${C.wood}"/>
        <path d="${planks}" stroke="${C.woodDark}" stroke-width="3" stroke-opacity="0.5"/>
        <rect x="158" y="312" width="324" height="12" rx="4" fill="${C.woodLight}"/>`;
    },
  },
  {
    alt: 'Illustration of a chicken coop with hens pecking in the yard',
    art: () => {
      let wire = '';
      for (let x = 372; x < 612; x += 18) wire += s` M${x} 300 V396`;
      for (let y = 300; y < 400; y += 18) wire += s` M370 ${y} H612`;
      return s`<path d="M0 330 C180 300 380 318 640 300 V480 H0 Z" fill="#a6c57b"/>
        ${sun(560, 80, 28)}
        <path d="${wire}" stroke="#fff" stroke-opacity="0.6" stroke-width="1.6"/>
        <path d="M370 300 V400 M612 300 V400 M370 300 H612" stroke="${C.woodDark}" stroke-width="6"/>
        <path d="M150 312 V392 M310 312 V392" stroke="${C.woodDark}" stroke-width="10"/>
        <rect x="140" y="222" width="180" height="96" fill="#e0ae62"/>
        <path d="M150 222 V318 M175 222 V318 M200 222 V318 M225 222 V318 M250 222 V318 M275 222 V318 M300 222 V318"
          stroke="${C.wood}" stroke-width="2" stroke-opacity="0.6"/>
        <path d="M124 228 L230 160 L336 228 Z" fill="${C.brick}"/>
        <path d="M124 228 L230 160 L336 228" fill="none" stroke="${C.brickDark}" stroke-width="6"
          stroke-linejoin="round"/>
        <path d="M196 318 V278 A24 24 0 0 1 244 278 V318 Z" fill="${C.ink}"/>
        <rect x="268" y="240" width="30" height="26" fill="#fff7d8" stroke="${C.wood}" stroke-width="4"/>
        <path d="M200 318 L150 398 L178 398 L228 318 Z" fill="${C.woodLight}"/>
        <path d="M190 334 L212 334 M177 354 L199 354 M164 374 L186 374" stroke="${C.woodDark}" stroke-width="3"/>
        ${hen(420, 420, 1.05)}${hen(520, 448, 0.95, true, '#c9834a')}${hen(90, 440, 0.9, false, '#fbf6ec')}
        <circle cx="470" cy="440" r="3" fill="${C.mustard}"/><circle cx="478" cy="446" r="3" fill="${C.mustard}"/>
        <circle cx="462" cy="448" r="3" fill="${C.mustard}"/>`;
    },
  },
  {
    alt: 'Illustration of the sun setting over layered green hills and a barn',
    sky: ['#ee9a6a', '#fbd9a0'],
    clouds: false,
    art: () =>
      s`${sun(330, 292, 84, '#fde2a0')}
        <path d="M0 250 C90 246 150 258 200 262 M440 210 C480 206 520 214 560 220" fill="none" stroke="#fff"
          stroke-opacity="0.35" stroke-width="10" stroke-linecap="round"/>
        <path d="M0 300 C120 260 240 270 330 300 C420 326 520 280 640 270 V480 H0 Z" fill="#9aa86f"/>
        <path d="M0 350 C140 320 250 330 360 352 C460 372 560 330 640 330 V480 H0 Z" fill="#6d8a52"/>
        <path d="M430 350 V300 L450 278 L480 270 L510 278 L530 300 V350 Z" fill="#3e5a36"/>
        <rect x="540" y="282" width="22" height="68" fill="#3e5a36"/><path d="M540 284 Q551 268 562 284 Z"
          fill="#3e5a36"/>
        ${tree(150, 342, 0.75, '#3e5a36', '#3e5a36')}
        <path d="M0 410 C160 380 320 400 460 410 C540 416 600 398 640 396 V480 H0 Z" fill="#3f5e38"/>
        <path d="M150 150 q8 -8 16 0 q8 -8 16 0 M200 120 q6 -6 12 0 q6 -6 12 0 M470 140 q7 -7 14 0 q7 -7 14 0"
          fill="none" stroke="#6b3b2c" stroke-width="3" stroke-linecap="round"/>`,
  },
];

// ---------------------------------------------------------------------------------------------------------------
// Harvest

const harvest: Scene[] = [
  {
    alt: 'Illustration of a woven basket piled high with fresh cucumbers',
    art: () => {
      const rand = rng(21);
      let pile = '';
      for (let i = 0; i < 11; i++) {
        const x = 200 + (i % 6) * 48 + (i > 5 ? 24 : 0);
        const y = i > 5 ? 246 : 290;
        pile += cucumber(x, y + (rand() - 0.5) * 14, 110, 36, (rand() - 0.5) * 60, i % 3 ? C.cuke : C.cukeDark);
      }
      let weave = '';
      for (let y = 318; y < 440; y += 20) weave += s` M176 ${y} H466`;
      let weaveV = '';
      for (let x = 190; x < 460; x += 24) weaveV += s` M${x} 300 L${x + (x - 320) * -0.1} 446`;
      const body = 'M168 300 H472 L444 430 Q440 446 424 446 H216 Q200 446 196 430 Z';
      return s`<path d="M0 320 C180 300 380 318 640 300 V480 H0 Z" fill="#9fc076"/>
        ${leaf(70, 300, 50, -20)}${leaf(580, 290, 56, 15)}${leaf(530, 320, 40, -10, '#6fa04f')}
        ${shadow(320, 448, 190, 16)}
        <path d="M200 300 C196 150 444 150 440 300" fill="none" stroke="${C.woodDark}" stroke-width="16"/>
        ${pile}
        <path d="${body}" fill="${C.wood}"/>
        ${rows(body, weave, C.woodDark, 3, 0.5)}${rows(body, weaveV, C.woodLight, 10, 0.35)}
        <rect x="160" y="292" width="320" height="22" rx="11" fill="${C.woodLight}"/>
        ${cucumber(540, 440, 120, 36, 8)}${cucumber(110, 446, 110, 34, -10, C.cukeDark)}`;
    },
  },
  {
    alt: 'Illustration of a pickup truck loaded with crates of cucumbers',
    art: () =>
      s`<path d="M0 300 C160 260 320 280 460 290 C540 296 600 276 640 276 V480 H0 Z" fill="#a9c77f"/>
        ${tree(80, 300, 0.8)}${tree(600, 290, 0.7)}
        <rect y="380" width="${W}" height="100" fill="#d8c7a0"/>
        <path d="M0 430 H640" stroke="#fff" stroke-opacity="0.6" stroke-width="6" stroke-dasharray="40 30"/>
        ${shadow(320, 392, 230, 12)}
        ${crateOfCucumbers(280, 246, 72, 54, 31)}${crateOfCucumbers(356, 246, 72, 54, 32)}
        ${crateOfCucumbers(432, 246, 72, 54, 33)}${crateOfCucumbers(318, 194, 72, 52, 34)}
        <path d="M100 352 V318 Q100 296 122 296 H178 L190 236 Q194 226 206 226 H262 Q272 226 272 236 V300 H516 V352 Z"
          fill="${C.mustard}"/>
        <path d="M200 244 H256 V294 H190 Z" fill="#d8eef0"/>
        <path d="M206 250 L228 250 L204 280 Z" fill="#fff" fill-opacity="0.6"/>
        <rect x="266" y="300" width="250" height="10" fill="#000" fill-opacity="0.1"/>
        <rect x="92" y="334" width="24" height="14" rx="5" fill="${C.steel}"/>
        <rect x="500" y="334" width="24" height="14" rx="5" fill="${C.steel}"/>
        <circle cx="114" cy="314" r="8" fill="#fff7d0"/>
        <rect x="236" y="312" width="20" height="5" rx="2" fill="#000" fill-opacity="0.25"/>
        <circle cx="170" cy="356" r="32" fill="#3a3530"/><circle cx="170" cy="356" r="14" fill="${C.cream}"/>
        <circle cx="440" cy="356" r="32" fill="#3a3530"/><circle cx="440" cy="356" r="14" fill="${C.cream}"/>`,
  },
  {
    alt: 'Illustration of a farmer with a bucket picking cucumbers between green rows',
    art: () => {
      let field = '';
      const rand = rng(41);
      for (let i = -5; i <= 5; i++) {
        const nx = 320 + i * 150;
        const fx = 320 + i * 22;
        field += s`<path d="M${fx - 4} 236 L${fx + 4} 236 L${nx + 44} 480 L${nx - 44} 480 Z" fill="#4f8a3c"/>`;
        for (let j = 0; j < 6; j++) {
          const t = (j + 0.5) / 6;
          const t2 = t * t;
          const lx = fx + (nx - fx) * t2 + (rand() - 0.5) * 20 * t2;
          const ly = 236 + 244 * t2;
          field += leaf(lx, ly, 8 + 22 * t2, (rand() - 0.5) * 50, j % 2 ? '#6ba24e' : '#5e9145');
          if (j % 2) field += cucumber(lx + 10 * t2, ly + 14 * t2, 34 * t2 + 6, 10 * t2 + 2, 80);
        }
      }
      return s`<path d="M0 240 C160 206 360 214 640 226 V480 H0 Z" fill="#b9d19a"/>
        <path d="M0 236 H640 V480 H0 Z" fill="#b58a5c"/>
        ${field}
        <path d="M246 454 h72 l-8 -56 h-56 Z" fill="${C.steelDark}"/>
        <path d="M252 398 Q282 364 312 398" fill="none" stroke="${C.ink}" stroke-width="3"/>
        ${cucumber(270, 396, 40, 14, 20)}${cucumber(292, 394, 40, 14, -30, C.cukeDark)}
        ${farmer(240, 456, 1.05)}`;
    },
  },
  {
    alt: 'Illustration of a wheelbarrow full of cucumbers on a dirt path',
    art: () => {
      const rand = rng(51);
      let pile = '';
      for (let i = 0; i < 10; i++) {
        pile += cucumber(
          230 + (i % 5) * 46 + (i > 4 ? 22 : 0),
          i > 4 ? 226 : 246,
          96,
          32,
          (rand() - 0.5) * 60,
          i % 2 ? C.cuke : C.cukeDark,
        );
      }
      return s`<path d="M0 300 C160 270 340 290 640 272 V480 H0 Z" fill="#a3c47a"/>
        ${fence(-10, 650, 250, 310, 70)}
        <path d="M0 310 H640 V480 H0 Z" fill="#93b86a"/>
        <path d="M120 480 C220 400 300 360 380 330 L480 330 C460 380 470 430 520 480 Z" fill="#d6bd8e"/>
        ${shadow(330, 416, 170, 12)}
        <path d="M390 320 L520 372" stroke="${C.woodDark}" stroke-width="12" stroke-linecap="round"/>
        <path d="M360 330 L372 410 M440 322 L448 404" stroke="#5b5550" stroke-width="8" stroke-linecap="round"/>
        ${pile}
        <path d="M186 260 H452 L408 340 Q400 352 386 352 H258 Q242 352 234 340 Z" fill="${C.green}"/>
        <path d="M178 254 H460" stroke="#2f5530" stroke-width="14" stroke-linecap="round"/>
        <path d="M214 290 H420" stroke="#fff" stroke-opacity="0.15" stroke-width="10" stroke-linecap="round"/>
        <path d="M260 352 L232 380" stroke="#5b5550" stroke-width="8"/>
        <circle cx="222" cy="390" r="30" fill="#3a3530"/><circle cx="222" cy="390" r="11" fill="${C.steel}"/>`;
    },
  },
  {
    alt: 'Illustration of bundles of dill hanging to dry from a wooden beam',
    clouds: false,
    art: () =>
      s`<path d="M0 330 C180 300 380 318 640 300 V480 H0 Z" fill="#a3c47a"/>
        <path d="M0 400 C220 385 440 395 640 385 V480 H0 Z" fill="#8db36a"/>
        <rect x="20" y="40" width="26" height="440" fill="${C.wood}"/>
        <rect x="594" y="40" width="26" height="440" fill="${C.wood}"/>
        <rect x="0" y="30" width="640" height="34" fill="${C.woodDark}"/>
        <rect x="0" y="0" width="640" height="32" fill="#6e4a2a"/>
        <rect x="0" y="60" width="640" height="6" fill="#000" fill-opacity="0.15"/>
        ${dillBundle(130, 150, 180, 64)}${dillBundle(260, 126, 200, 64)}${dillBundle(390, 160, 170, 64)}
        ${dillBundle(510, 132, 190, 64)}`,
  },
  {
    alt: 'Illustration of two braids of garlic bulbs hanging on a barn wall',
    art: () => {
      let planks = '';
      for (let x = 0; x < W; x += 64) {
        planks += s`<rect x="${x}" width="64" height="${H}" fill="${(x / 64) % 2 ? '#c98f5b' : '#c28653'}"/>
          <rect x="${x}" width="3" height="${H}" fill="#000" fill-opacity="0.15"/>
          <circle cx="${x + 32}" cy="40" r="2.5" fill="#6e4a2a"/><circle cx="${x + 32}" cy="440" r="2.5" fill="#6e4a2a"/>`;
      }
      const braid = (x: number, top: number, n: number) => {
        let out = s`<path d="M${x} ${top} ${Array.from({ length: n }, (_, i) => `L${x + (i % 2 ? 10 : -10)} ${top + 20 + i * 34}`).join(' ')}"
          fill="none" stroke="#d9bf86" stroke-width="12" stroke-linejoin="round"/>
          <circle cx="${x}" cy="${top - 6}" r="7" fill="none" stroke="#d9bf86" stroke-width="5"/>`;
        for (let i = 0; i < n; i++) {
          const side = i % 2 ? 1 : -1;
          out += garlic(x + side * 26, top + 46 + i * 34, 22 - i * 0.6, side * -35);
        }
        return out;
      };
      return s`${planks}
        <circle cx="210" cy="56" r="5" fill="#555"/><circle cx="440" cy="56" r="5" fill="#555"/>
        ${braid(210, 66, 10)}${braid(440, 66, 9)}
        <rect y="436" width="${W}" height="44" fill="#8a5a34"/>
        ${garlic(60, 420, 22, -10)}${garlic(98, 428, 18, 12)}${garlic(580, 424, 22, 8)}`;
    },
  },
  {
    alt: 'Illustration of cucumbers being weighed on a red dial scale',
    art: () => {
      let ticks = '';
      for (let i = 0; i <= 12; i++) {
        const a = deg(-210 + i * 20);
        const r1 = i % 3 ? 44 : 40;
        ticks += s` M${320 + Math.cos(a) * r1} ${300 + Math.sin(a) * r1} L${320 + Math.cos(a) * 52}
          ${300 + Math.sin(a) * 52}`;
      }
      const rand = rng(61);
      let pile = '';
      for (let i = 0; i < 7; i++) {
        pile += cucumber(236 + i * 28, 170 - (i % 2) * 12, 84, 28, (rand() - 0.5) * 40, i % 2 ? C.cuke : C.cukeDark);
      }
      return s`<path d="M0 300 C180 270 380 288 640 270 V480 H0 Z" fill="#a3c47a"/>
        ${tree(560, 300, 0.9)}
        <rect y="380" width="${W}" height="100" fill="${C.wood}"/>
        <rect y="380" width="${W}" height="10" fill="${C.woodLight}"/>
        <path d="M0 430 H640" stroke="${C.woodDark}" stroke-width="3" stroke-opacity="0.5"/>
        ${shadow(320, 392, 130, 10)}
        <rect x="306" y="190" width="28" height="40" fill="${C.steelDark}"/>
        <path d="M244 232 H396 L414 378 Q414 390 402 390 H238 Q226 390 226 378 Z" fill="${C.brick}"/>
        <circle cx="320" cy="300" r="62" fill="${C.cream}" stroke="${C.brickDark}" stroke-width="8"/>
        <path d="${ticks}" stroke="${C.ink}" stroke-width="3" stroke-linecap="round"/>
        <path d="M320 300 L352 262" stroke="${C.chili}" stroke-width="5" stroke-linecap="round"/>
        <circle cx="320" cy="300" r="7" fill="${C.ink}"/>
        ${pile}
        <path d="M196 186 H444 Q436 212 400 214 H240 Q204 212 196 186 Z" fill="${C.steel}"/>
        <path d="M196 186 H444" stroke="#e4e9e9" stroke-width="6" stroke-linecap="round"/>
        ${crateOfCucumbers(470, 330, 110, 52, 62)}
        ${cucumber(120, 372, 100, 32, -8)}${cucumber(160, 360, 90, 30, 14, C.cukeDark)}`;
    },
  },
  {
    alt: 'Illustration of a golden harvest moon rising over a field at night',
    sky: ['#27335a', '#5d5f88'],
    clouds: false,
    art: () => {
      const rand = rng(71);
      let stars = '';
      for (let i = 0; i < 40; i++) {
        const x = rand() * W;
        const y = rand() * 240;
        if (Math.hypot(x - 460, y - 150) < 110) continue;
        stars += s`<circle cx="${x}" cy="${y}" r="${0.8 + rand() * 1.8}"/>`;
      }
      const field = 'M0 330 C200 315 420 325 640 312 V480 H0 Z';
      let lines = '';
      for (let i = 0; i < 12; i++) lines += s` M${320 + (i - 6) * 30} 312 L${320 + (i - 6) * 120} 480`;
      return s`<g fill="#fff6d8" fill-opacity="0.85">${stars}</g>
        <circle cx="460" cy="150" r="110" fill="#f6d58a" fill-opacity="0.15"/>
        <circle cx="460" cy="150" r="72" fill="#f6d58a"/>
        <circle cx="438" cy="134" r="12" fill="#e9c26e"/><circle cx="482" cy="170" r="16" fill="#e9c26e"/>
        <circle cx="470" cy="120" r="7" fill="#e9c26e"/>
        <path d="M0 300 C160 262 320 270 460 290 C540 300 600 280 640 280 V480 H0 Z" fill="#34465a"/>
        <path d="M120 296 V262 L140 246 L160 262 V296 Z" fill="#27333f"/>
        ${tree(220, 300, 0.6, '#27333f', '#27333f')}
        <path d="${field}" fill="#2f4a3a"/>${rows(field, lines, '#4c7356', 16, 0.7)}
        <rect x="440" y="380" width="90" height="50" fill="#1f3028"/><rect x="470" y="336" width="90" height="46"
          fill="#1f3028"/><rect x="536" y="384" width="90" height="46" fill="#1f3028"/>
        <path d="M440 404 H530 M470 358 H560 M536 406 H626" stroke="#f6d58a" stroke-opacity="0.25" stroke-width="3"/>`;
    },
  },
];

// ---------------------------------------------------------------------------------------------------------------
// The crops

const crops: Scene[] = [
  {
    alt: 'Illustration of cucumber vines with yellow flowers climbing a trellis',
    art: () => {
      let grid = '';
      for (let x = 60; x <= 580; x += 52) grid += s` M${x} 110 V390`;
      for (let y = 120; y <= 380; y += 52) grid += s` M60 ${y} H580`;
      const vines = [
        'M110 400 C70 330 160 290 120 230 C90 180 150 150 130 110',
        'M320 400 C280 330 380 300 330 230 C300 180 360 150 340 110',
        'M530 400 C490 330 580 290 540 230 C510 180 570 150 550 110',
      ];
      const rand = rng(81);
      let leaves = '';
      let flowers = '';
      let cukes = '';
      for (const base of [110, 320, 530]) {
        for (let i = 0; i < 5; i++) {
          const y = 370 - i * 58;
          const x = base + (i % 2 ? 34 : -34) + (rand() - 0.5) * 16;
          leaves += leaf(x, y, 30 + rand() * 8, (i % 2 ? 25 : -25) + (rand() - 0.5) * 20, i % 2 ? C.leaf : '#6ba24e');
          if (i % 2 === 0) flowers += flower(x + (i % 4 ? -40 : 40), y - 26, 13, rand() * 60);
        }
        cukes += cucumber(base + 6, 280, 64, 20, 84, C.cuke);
      }
      return s`<path d="M0 380 C200 370 420 378 640 366 V480 H0 Z" fill="#8db36a"/>
        <rect y="398" width="${W}" height="82" fill="${C.soil}"/>
        <rect y="398" width="${W}" height="8" fill="#000" fill-opacity="0.12"/>
        <path d="${grid}" stroke="#e8d5a8" stroke-width="3"/>
        <rect x="52" y="96" width="14" height="310" fill="${C.wood}"/><rect x="574" y="96" width="14" height="310"
          fill="${C.wood}"/><rect x="313" y="96" width="14" height="310" fill="${C.wood}"/>
        <path d="${vines.join(' ')}" fill="none" stroke="#4e8a35" stroke-width="5" stroke-linecap="round"/>
        ${leaves}${cukes}${flowers}`;
    },
  },
  {
    alt: 'Illustration of a single cucumber hanging from its vine among big leaves',
    clouds: false,
    art: () =>
      s`${leaf(150, 180, 120, -30, '#6ba24e')}${leaf(520, 160, 110, 25, '#5e9145')}${leaf(560, 400, 90, 40, '#6ba24e')}
        ${leaf(90, 420, 90, -40, '#5e9145')}
        <path d="M0 90 C120 60 240 110 330 120 C420 130 520 80 640 70" fill="none" stroke="#4e8a35" stroke-width="10"
          stroke-linecap="round"/>
        <path d="M420 124 c20 -20 40 10 22 24 c-14 10 -24 -6 -12 -12" fill="none" stroke="#6fa84b" stroke-width="4"
          stroke-linecap="round"/>
        <path d="M200 96 c-16 -24 14 -40 26 -24 c8 12 -6 22 -14 14" fill="none" stroke="#6fa84b" stroke-width="4"
          stroke-linecap="round"/>
        <path d="M330 120 Q326 140 332 160" stroke="#4e8a35" stroke-width="10" stroke-linecap="round"/>
        ${cucumber(336, 290, 270, 84, 92)}
        ${flower(344, 438, 24, 18)}`,
  },
  {
    alt: 'Illustration of tall dill plants with yellow flower heads',
    art: () =>
      s`<path d="M0 400 C200 388 420 396 640 384 V480 H0 Z" fill="#8db36a"/>
        <rect y="420" width="${W}" height="60" fill="${C.soil}"/>
        ${dillPlant(70, 430, 260, 44, 1)}${dillPlant(170, 430, 320, 56, 2)}${dillPlant(270, 430, 240, 48, 3)}
        ${dillPlant(370, 430, 340, 60, 4)}${dillPlant(470, 430, 280, 50, 5)}${dillPlant(570, 430, 310, 54, 6)}`,
  },
  {
    alt: 'Illustration of garlic bulbs growing in the soil beneath green shoots',
    art: () => {
      const rand = rng(91);
      let pebbles = '';
      for (let i = 0; i < 60; i++) {
        pebbles += s`<ellipse cx="${rand() * W}" cy="${300 + rand() * 180}" rx="${2 + rand() * 4}" ry="${1.5 + rand() * 2.5}"/>`;
      }
      let plants = '';
      for (let i = 0; i < 5; i++) {
        const x = 80 + i * 120;
        plants += s`<path d="M${x} 300 C${x - 10} 240 ${x - 40} 200 ${x - 60} 150 M${x} 300 C${x + 4} 230 ${x + 10} 180
          ${x + 4} 110 M${x} 300 C${x + 14} 240 ${x + 40} 210 ${x + 64} 170 M${x} 300 C${x - 4} 250 ${x - 20} 220
          ${x - 26} 190" fill="none" stroke="${i % 2 ? '#5e9145' : '#6ba24e'}" stroke-width="9" stroke-linecap="round"/>
          <path d="M${x} 300 V346" stroke="#c9d79b" stroke-width="10"/>`;
        plants += garlic(x, 372, 30, (i - 2) * 4);
        plants += s`<path d="M${x - 14} 400 q-10 20 -24 30 M${x} 402 q2 24 -4 38 M${x + 14} 400 q12 18 22 30"
          fill="none" stroke="#e4d6b6" stroke-width="2.5" stroke-linecap="round"/>`;
      }
      return s`${sun(560, 80, 30)}
        <rect y="292" width="${W}" height="188" fill="${C.soil}"/>
        <g fill="${C.soilDark}" fill-opacity="0.7">${pebbles}</g>
        <path d="M0 300 C100 290 200 304 320 296 C440 288 540 302 640 294 V306 H0 Z" fill="#7aa352"/>
        ${plants}
        <path d="M520 450 c10 -10 20 10 30 0 c10 -10 20 10 30 0" fill="none" stroke="#e4a0a0" stroke-width="7"
          stroke-linecap="round"/>`;
    },
  },
  {
    alt: 'Illustration of young cucumber seedlings sprouting in trays on a bench',
    art: () => {
      const tray = (x: number, y: number, cols: number, rowsN: number, cell: number) => {
        let out = s`<rect x="${x - 6}" y="${y - 6}" width="${cols * cell + 12}" height="${rowsN * cell * 0.5 + 24}"
          rx="6" fill="#3f4a3f"/>`;
        for (let r = 0; r < rowsN; r++) {
          for (let c = 0; c < cols; c++) {
            const cx = x + c * cell + cell / 2;
            const cy = y + r * cell * 0.5 + cell * 0.3;
            const h = 18 + ((r * 7 + c * 3) % 5) * 4;
            out += s`<ellipse cx="${cx}" cy="${cy}" rx="${cell * 0.4}" ry="${cell * 0.2}" fill="#5d4634"/>
              <path d="M${cx} ${cy} V${cy - h}" stroke="#7fb35a" stroke-width="3"/>
              <ellipse cx="${cx - 8}" cy="${cy - h}" rx="9" ry="5" transform="rotate(-20 ${cx - 8} ${cy - h})"
                fill="#6ba24e"/>
              <ellipse cx="${cx + 8}" cy="${cy - h}" rx="9" ry="5" transform="rotate(20 ${cx + 8} ${cy - h})"
                fill="#7fb35a"/>`;
          }
        }
        return out;
      };
      return s`<path d="M0 300 C180 280 380 292 640 276 V480 H0 Z" fill="#a3c47a"/>
        ${tree(580, 300, 0.8)}
        <rect x="30" y="340" width="580" height="26" rx="4" fill="${C.wood}"/>
        <path d="M60 366 V470 M580 366 V470" stroke="${C.woodDark}" stroke-width="16"/>
        ${tray(60, 250, 6, 4, 40)}${tray(340, 250, 6, 4, 40)}
        <rect x="80" y="232" width="14" height="30" rx="2" fill="${C.cream}"/>
        <rect x="360" y="232" width="14" height="30" rx="2" fill="${C.cream}"/>`;
    },
  },
  {
    alt: 'Illustration of sprinklers watering long rows of young plants',
    art: () => {
      let field = '';
      for (let i = -6; i <= 6; i++) {
        const nx = 320 + i * 120;
        const fx = 320 + i * 20;
        field += s`<path d="M${fx} 250 L${nx} 480" stroke="#6b4a31" stroke-width="${10}" stroke-opacity="0.35"/>`;
        for (let j = 0; j < 7; j++) {
          const t = (j + 0.5) / 7;
          const t2 = t * t;
          const x = fx + (nx - fx) * t2 + 24 * t2 + 6;
          const y = 250 + 230 * t2;
          const sz = 3 + 12 * t2;
          field += s`<ellipse cx="${x - sz * 0.6}" cy="${y - sz * 0.5}" rx="${sz * 0.8}" ry="${sz * 0.45}"
              fill="#6ba24e" transform="rotate(-25 ${x - sz * 0.6} ${y - sz * 0.5})"/>
            <ellipse cx="${x + sz * 0.6}" cy="${y - sz * 0.5}" rx="${sz * 0.8}" ry="${sz * 0.45}" fill="#7fb35a"
              transform="rotate(25 ${x + sz * 0.6} ${y - sz * 0.5})"/>`;
        }
      }
      const spray = (x: number, y: number, k: number) => {
        let out = s`<path d="M${x} ${y} V${y + 50 * k}" stroke="${C.steelDark}" stroke-width="${6 * k}"/>
          <rect x="${x - 8 * k}" y="${y - 6 * k}" width="${16 * k}" height="${10 * k}" rx="${3 * k}" fill="${C.brick}"/>`;
        for (const a of [-1, 1]) {
          for (const r of [0.6, 0.8, 1]) {
            out += s`<path d="M${x} ${y - 4 * k} Q${x + a * 90 * k * r} ${y - 110 * k * r} ${x + a * 170 * k * r}
              ${y + 30 * k}" fill="none" stroke="#5fb0d0" stroke-width="${4 * k}" stroke-dasharray="${7 * k} ${7 * k}"
              stroke-linecap="round"/>`;
          }
        }
        return out;
      };
      return s`${sun(560, 80, 30)}
        <path d="M0 250 C160 220 360 230 640 236 V480 H0 Z" fill="#b9d19a"/>
        <path d="M0 250 H640 V480 H0 Z" fill="#a0744d"/>
        ${field}
        ${spray(200, 300, 0.9)}${spray(470, 360, 1.1)}`;
    },
  },
  {
    alt: 'Illustration of a glass greenhouse full of green plants',
    art: () => {
      const shape = 'M140 390 V220 Q140 140 320 130 Q500 140 500 220 V390 Z';
      let plants = '';
      for (let i = 0; i < 7; i++) {
        const x = 176 + i * 48;
        const top = 210 + (i % 3) * 22;
        plants += s`<path d="M${x} 370 V${top}" stroke="#3f7a30" stroke-width="4"/>`;
        plants += leaf(x - 14, 330, 22, -40, '#3f7a30') + leaf(x + 14, top + 50, 22, 40, '#4f8a3c');
        plants += leaf(x - 12, top + 14, 20, -30, '#5e9145') + flower(x + 12, top + 86, 7);
        if (i % 2) plants += cucumber(x + 6, 300, 36, 12, 86);
      }
      plants += s`<rect x="140" y="362" width="360" height="28" fill="${C.wood}"/>`;
      return s`<path d="M0 370 C200 356 420 366 640 352 V480 H0 Z" fill="#93b86a"/>
        ${tree(60, 380, 1)}${tree(590, 380, 0.9)}
        <path d="M300 480 L304 392 H336 L340 480 Z" fill="#e2d2ae"/>
        ${shadow(320, 392, 200, 10)}
        <path d="${shape}" fill="#dff0ea"/>
        ${clipTo(shape, plants)}
        <path d="${shape}" fill="#fff" fill-opacity="0.25"/>
        <path d="${shape} M200 390 V145 M260 390 V132 M380 390 V132 M440 390 V145 M140 260 H500 M140 320 H500
          M140 220 Q320 200 500 220" fill="none" stroke="#fff" stroke-width="6" stroke-linejoin="round"/>
        <path d="M165 240 L240 160" stroke="#fff" stroke-opacity="0.6" stroke-width="10" stroke-linecap="round"/>
        <rect x="294" y="300" width="52" height="90" fill="#cfe6e0" stroke="#fff" stroke-width="6"/>
        <circle cx="336" cy="346" r="3" fill="${C.ink}"/>`;
    },
  },
  {
    alt: 'Illustration of a bee visiting a large yellow cucumber flower',
    clouds: false,
    art: () =>
      s`${leaf(110, 380, 110, -30, '#6ba24e')}${leaf(560, 360, 100, 30)}
        <path d="M300 480 C300 420 296 400 300 380" stroke="#4e8a35" stroke-width="12" stroke-linecap="round"/>
        <g transform="translate(300 270)">
          ${[0, 72, 144, 216, 288].map((a) => s`<path d="M0 0 L-22 -120 Q0 -140 22 -120 Z" fill="#6ba24e" transform="rotate(${a + 36})"/>`).join('')}
        </g>
        ${flower(300, 270, 150, 8)}
        <g transform="translate(300 270) rotate(8)" stroke="#e2a52a" stroke-width="3" fill="none" stroke-opacity="0.7">
          ${[0, 72, 144, 216, 288].map((a) => s`<path d="M0 -40 V-120 M-20 -60 L-30 -110 M20 -60 L30 -110" transform="rotate(${a})"/>`).join('')}
        </g>
        <circle cx="300" cy="270" r="38" fill="#e0a021"/>
        ${scatter(300, 270, 30, 30, 2.5, '#c9861a', 95)}
        <path d="M560 90 C520 70 500 120 470 110 C440 100 450 150 420 160" fill="none" stroke="${C.ink}"
          stroke-opacity="0.45" stroke-width="3" stroke-dasharray="2 10" stroke-linecap="round"/>
        ${bee(400, 186, 2.1, -20)}`,
  },
];

// ---------------------------------------------------------------------------------------------------------------
// Preparation

const preparation: Scene[] = [
  {
    alt: 'Illustration of cucumbers being washed in a farmhouse kitchen sink',
    art: () => {
      let bubbles = '';
      const rand = rng(101);
      for (let i = 0; i < 12; i++) {
        bubbles += s`<circle cx="${180 + rand() * 280}" cy="${250 + rand() * 60}" r="${3 + rand() * 6}"/>`;
      }
      return s`<rect x="190" y="40" width="260" height="150" rx="6" fill="#cfe7ea" stroke="${C.cream}" stroke-width="10"/>
        <path d="M190 190 L260 130 L330 170 L390 120 L450 160 V190 Z" fill="#a9c77f"/>
        <path d="M320 40 V190 M190 115 H450" stroke="${C.cream}" stroke-width="8"/>
        <path d="M150 40 Q170 120 150 200 H190 V40 Z M490 40 Q470 120 490 200 H450 V40 Z" fill="${C.sage}"/>
        <path d="M320 320 V218 Q320 196 342 196 H380 Q396 196 396 212 V228" fill="none" stroke="${C.steelDark}"
          stroke-width="14" stroke-linecap="round"/>
        <rect x="296" y="306" width="48" height="20" rx="6" fill="${C.steelDark}"/>
        <path d="M388 236 V308 M396 236 V300 M404 236 V306" stroke="#9fd0dc" stroke-width="4" stroke-linecap="round"/>
        <rect x="140" y="318" width="360" height="44" rx="6" fill="#e8f0f0"/>
        <rect x="156" y="322" width="328" height="22" rx="6" fill="${C.water}"/>
        ${cucumber(230, 326, 120, 34, -6)}${cucumber(360, 330, 110, 32, 8, C.cukeDark)}
        ${cucumber(440, 326, 80, 28, -20)}
        <rect x="156" y="330" width="328" height="16" fill="${C.water}" fill-opacity="0.7"/>
        <g fill="#fff" fill-opacity="0.8">${bubbles}</g>
        <rect x="130" y="346" width="380" height="110" rx="12" fill="#f4f6f3"/>
        <rect x="130" y="346" width="380" height="10" fill="#d9e0de"/>
        <path d="M148 440 H492" stroke="#d9e0de" stroke-width="4"/>`;
    },
  },
  {
    alt: 'Illustration of a cucumber sliced into rounds on a wooden cutting board',
    view: 'top',
    art: () => {
      let slices = '';
      for (let i = 0; i < 7; i++) slices += slice(370 + i * 24 + (i % 2) * 4, 200 + (i % 3) * 8 - i * 2, 30);
      return s`${board(80, 110, 480, 270)}
        ${cucumber(230, 210, 260, 64, 0)}
        <rect x="352" y="178" width="14" height="64" rx="7" fill="#d6e9b0"/>
        ${slices}
        ${slice(420, 290, 30)}${slice(470, 300, 30)}${slice(380, 306, 30)}
        ${knife(130, 310, 280, -4)}
        ${dillSprig(590, 460, 120, -20)}`;
    },
  },
  {
    alt: 'Illustration of bowls of mustard seed, peppercorns, coriander and bay leaves',
    view: 'top',
    art: () =>
      s`${bowlTop(170, 150, 90, '#e9ddc4', scatter(170, 150, 72, 220, 5, '#d9a928', 111))}
        ${bowlTop(440, 140, 80, C.sage, scatter(440, 140, 64, 160, 6, '#3a3128', 112))}
        ${bowlTop(320, 340, 86, '#d9b28a', scatter(320, 340, 68, 150, 6.5, '#c9a36e', 113))}
        ${bowlTop(
          540,
          360,
          70,
          C.cream,
          `${[0, 60, 120, 180, 240, 300]
            .map(
              (a) => s`<ellipse cx="${540 + Math.cos(deg(a)) * 22}" cy="${360 + Math.sin(deg(a)) * 22}" rx="26" ry="10"
              transform="rotate(${a} ${540 + Math.cos(deg(a)) * 22} ${360 + Math.sin(deg(a)) * 22})" fill="#6f8f45"
              stroke="#4f6f2c" stroke-width="2"/>`,
            )
            .join('')}`,
        )}
        <path d="M40 380 L160 330" stroke="${C.woodLight}" stroke-width="14" stroke-linecap="round"/>
        <ellipse cx="184" cy="320" rx="30" ry="20" transform="rotate(-22 184 320)" fill="${C.woodLight}"/>
        ${scatter(184, 320, 18, 30, 4, '#d9a928', 114)}
        ${scatter(240, 420, 40, 14, 4, '#d9a928', 115)}${scatter(560, 60, 40, 10, 5, '#3a3128', 116)}`,
  },
  {
    alt: 'Illustration of a garlic bulb and a bowl of peeled cloves on a board',
    art: () => {
      const heap: [number, number, number][] = [
        [384, 290, -60],
        [414, 294, 70],
        [446, 290, -80],
        [480, 294, 60],
        [510, 290, -70],
        [400, 272, 20],
        [432, 268, -30],
        [464, 272, 40],
        [494, 274, -50],
        [420, 250, -10],
        [452, 250, 80],
      ];
      return s`${shadow(320, 404, 260, 8)}
        <rect x="60" y="352" width="520" height="46" rx="12" fill="#a8743f"/>
        <rect x="60" y="352" width="520" height="14" rx="7" fill="#c9955c"/>
        ${garlic(160, 268, 74, -4)}
        ${clove(262, 338, 2.3, 80)}${clove(300, 344, 2.1, 110)}
        <path d="M228 360 q26 -22 54 -6 q-14 14 -54 6 Z M520 364 q30 -14 50 8 q-26 4 -50 -8 Z M96 360 q14 -18 40 -10
          q-10 12 -40 10 Z" fill="#efe2c8" stroke="#cdb89a" stroke-width="2"/>
        <ellipse cx="450" cy="296" rx="116" ry="14" fill="#2f5530"/>
        ${heap.map(([x, y, r]) => clove(x, y, 2.2, r, true)).join('')}
        <path d="M334 296 A116 14 0 0 0 566 296 Q560 370 484 374 H416 Q340 370 334 296 Z" fill="${C.green}"/>
        <path d="M334 296 A116 14 0 0 0 566 296" fill="none" stroke="#5d8f52" stroke-width="5"/>
        <path d="M356 314 Q362 346 392 360" fill="none" stroke="#fff" stroke-opacity="0.3" stroke-width="8"
          stroke-linecap="round"/>`;
    },
  },
  {
    alt: 'Illustration of a pot of brine boiling on the stove with steam rising',
    art: () => {
      let bubbles = '';
      for (let i = 0; i < 8; i++)
        bubbles += s`<circle cx="${232 + i * 25}" cy="${214 + (i % 2) * 6}" r="${6 + (i % 3) * 3}"/>`;
      return s`<rect x="60" y="340" width="520" height="40" rx="6" fill="#4a4740"/>
        <rect x="200" y="332" width="240" height="12" rx="4" fill="#2f2d29"/>
        ${flames(320, 340, 200)}
        ${pot(200, 210, 240, 122, C.steel)}
        <rect x="204" y="208" width="232" height="16" rx="8" fill="#f0d58a"/>
        <g fill="#fff" fill-opacity="0.75">${bubbles}</g>
        <path d="M380 212 L440 120" stroke="${C.woodLight}" stroke-width="10" stroke-linecap="round"/>
        ${steam(250, 190, 120)}${steam(320, 180, 150)}${steam(390, 196, 110)}
        <rect x="490" y="292" width="60" height="74" rx="6" fill="#3c6ea5"/>
        <rect x="490" y="306" width="60" height="22" fill="#fff"/>
        <path d="M500 292 L520 280 L540 292" fill="#2d5a8a"/>
        ${pickleJar(92, 290, 56, 70, 'dill', { label: undefined })}`;
    },
  },
  {
    alt: 'Illustration of measuring cups and a glass jug of vinegar on the counter',
    art: () => {
      const cup = (x: number, w: number, color: string) =>
        s`<path d="M${x + w} ${392 - w * 0.3} h${w * 0.9}" stroke="${color}" stroke-width="${w * 0.14}"
            stroke-linecap="round"/>
          <path d="M${x} ${392 - w * 0.62} H${x + w} L${x + w * 0.9} ${392} H${x + w * 0.1} Z" fill="${color}"/>
          <ellipse cx="${x + w / 2}" cy="${392 - w * 0.62}" rx="${w / 2}" ry="${w * 0.1}" fill="#fff" fill-opacity="0.5"/>`;
      let ticks = '';
      for (let i = 0; i < 5; i++) ticks += s` M104 ${330 - i * 30} h${i % 2 ? 14 : 24}`;
      return s`${shadow(330, 396, 280, 8)}
        <path d="M90 180 H230 L224 392 H96 Z" fill="#eef6f2" fill-opacity="0.8"/>
        <path d="M92 250 H228 L224 392 H96 Z" fill="#f2e6b0"/>
        <path d="M90 180 H230 L224 392 H96 Z M90 180 L70 200" fill="none" stroke="#9fb8ad" stroke-width="4"
          stroke-linejoin="round"/>
        <path d="M230 210 C280 210 280 330 226 330" fill="none" stroke="#9fb8ad" stroke-width="12"/>
        <path d="${ticks}" stroke="${C.brick}" stroke-width="3"/>
        ${cup(270, 120, C.steel)}${cup(410, 92, C.brick)}${cup(518, 66, C.mustard)}`;
    },
  },
  {
    alt: 'Illustration of fresh dill chopped into a heap beside a chef knife',
    view: 'top',
    art: () => {
      const rand = rng(121);
      let chopped = '';
      for (let i = 0; i < 260; i++) {
        const a = rand() * Math.PI * 2;
        const r = Math.sqrt(rand()) * 90;
        const x = 280 + Math.cos(a) * r * 1.4;
        const y = 250 + Math.sin(a) * r * 0.8;
        const t = rand() * Math.PI;
        chopped += s` M${x} ${y} l${Math.cos(t) * 8} ${Math.sin(t) * 8}`;
      }
      return s`${board(60, 90, 520, 300)}
        <path d="${chopped}" stroke="${C.dill}" stroke-width="3" stroke-linecap="round"/>
        <path d="${chopped}" transform="translate(3 2)" stroke="#7fb35a" stroke-width="2" stroke-linecap="round"/>
        ${dillSprig(470, 350, 180, -60, C.dill, 3)}${dillSprig(480, 370, 160, -75, '#6fa84b', 3)}
        ${knife(150, 150, 300, -12)}`;
    },
  },
  {
    alt: 'Illustration of a recipe card with a cucumber sketch beside a pencil and dill',
    view: 'top',
    art: () => {
      let lines = '';
      for (let i = 0; i < 6; i++) lines += s` M200 ${220 + i * 26} H${i % 3 === 2 ? 360 : 430}`;
      return s`<rect x="156" y="104" width="330" height="280" rx="8" fill="#000" fill-opacity="0.12"
          transform="rotate(-4 320 240)"/>
        <g transform="rotate(-4 320 240)">
          <rect x="150" y="96" width="330" height="280" rx="8" fill="${C.paper}"/>
          <rect x="150" y="96" width="330" height="24" rx="8" fill="${C.brick}"/>
          <rect x="150" y="112" width="330" height="8" fill="${C.brick}"/>
          <path d="M170 150 H460 M170 150 M170 376 V120" stroke="#b8d3dc" stroke-width="2"/>
          <path d="M200 170 h120" stroke="${C.ink}" stroke-width="7" stroke-linecap="round" stroke-opacity="0.6"/>
          <path d="${lines}" stroke="${C.ink}" stroke-width="4" stroke-linecap="round" stroke-opacity="0.3"
            stroke-dasharray="24 8 40 8"/>
          <g fill="none" stroke="${C.green}" stroke-width="3">
            <rect x="380" y="170" width="70" height="26" rx="13"/><path d="M392 178 l3 3 M412 186 l3 3 M432 178 l3 3"/>
          </g>
        </g>
        <g transform="rotate(30 540 240)">
          <rect x="500" y="110" width="18" height="230" fill="${C.mustard}"/>
          <rect x="500" y="110" width="6" height="230" fill="#fff" fill-opacity="0.25"/>
          <rect x="500" y="96" width="18" height="18" rx="4" fill="#e89aa0"/>
          <rect x="500" y="110" width="18" height="8" fill="${C.steel}"/>
          <path d="M500 340 L509 370 L518 340 Z" fill="#f0dcb8"/><path d="M505 356 L509 370 L513 356 Z" fill="${C.ink}"/>
        </g>
        ${cucumber(130, 420, 170, 46, 10)}${cucumber(70, 360, 150, 42, -30, C.cukeDark)}
        ${dillSprig(90, 220, 150, -30)}${clove(560, 430, 2, 30)}${clove(600, 400, 1.8, -20)}`;
    },
  },
];

// ---------------------------------------------------------------------------------------------------------------
// The process

const jarBase = 402; // where jars stand on the counter

const process: Scene[] = [
  {
    alt: 'Illustration of cucumber spears being packed into open glass jars',
    art: () => {
      const spears = (b: Box) => {
        let out = '';
        for (let i = 0; i < 4; i++) {
          out += cucumber(
            b.x + b.w * (0.15 + i * 0.23),
            b.y + b.h * 0.55,
            b.h * 0.9,
            b.w * 0.2,
            90 + (i - 1.5) * 3,
            i % 2 ? C.cuke : '#6b9a3e',
          );
        }
        return out;
      };
      return s`${shadow(320, jarBase, 280, 8)}
        <rect x="40" y="378" width="180" height="20" rx="8" fill="#d9ad72"/>
        ${cucumber(80, 370, 120, 22, 4)}${cucumber(150, 366, 120, 22, -3, '#6b9a3e')}${cucumber(110, 356, 120, 22, 2, C.cukeDark)}
        ${jar(250, 246, 96, 156, { contents: spears })}
        ${jar(370, 246, 96, 156, { contents: (b) => spears({ ...b, y: b.y + 50, h: b.h - 50 }) })}
        ${jar(490, 246, 96, 156, {})}
        ${cucumber(520, 196, 130, 22, 70)}
        <path d="M560 130 q12 10 0 20 M574 140 q12 10 0 20" fill="none" stroke="${C.ink}" stroke-opacity="0.4"
          stroke-width="3" stroke-linecap="round"/>`;
    },
  },
  {
    alt: 'Illustration of hot brine poured from a saucepan through a funnel into a jar',
    art: () =>
      s`${shadow(300, jarBase, 160, 8)}
        ${jar(240, 226, 120, 176, {
          brine: KIND.dill.brine,
          level: 0.6,
          contents: (b) => uprightContents(b, 'dill', 131),
        })}
        <path d="M256 180 H344 L312 222 V246 H288 V222 Z" fill="${C.steel}" stroke="${C.steelDark}" stroke-width="3"
          stroke-linejoin="round"/>
        <path d="M296 100 C300 140 300 180 300 240" stroke="${KIND.dill.brine}" stroke-width="10" stroke-linecap="round"/>
        <g transform="translate(0 24) rotate(-28 380 80)">
          <path d="M300 40 H450 V120 Q450 140 430 140 H320 Q300 140 300 120 Z" fill="${C.steel}"/>
          <rect x="450" y="52" width="120" height="16" rx="8" fill="${C.ink}"/>
          <rect x="294" y="34" width="162" height="12" rx="6" fill="#e4e9e9"/>
        </g>
        ${steam(420, 140, 90, 0.6)}${steam(470, 150, 70, 0.5)}
        ${clove(460, 390, 1.6, 40)}${clove(490, 394, 1.5, -20)}${dillSprig(540, 400, 110, -70)}`,
  },
  {
    alt: 'Illustration of lids being screwed onto filled pickle jars',
    art: () => {
      const jarNoLid = (x: number, kind: Kind, seed: number) =>
        pickleJar(x, 250, 100, 152, kind, { lid: undefined, label: undefined }, seed);
      return s`${shadow(320, jarBase, 280, 8)}
        ${pickleJar(60, 250, 100, 152, 'dill', { label: undefined }, 141)}
        ${jarNoLid(270, 'dill', 142)}
        <rect x="270" y="160" width="100" height="22" rx="6" fill="${C.green}"/>
        <rect x="270" y="160" width="100" height="7" rx="3" fill="#fff" fill-opacity="0.3"/>
        <path d="M250 150 A80 30 0 0 1 390 150" fill="none" stroke="${C.ink}" stroke-opacity="0.4" stroke-width="4"
          stroke-linecap="round"/>
        <path d="M390 150 l-14 -8 M390 150 l-4 -14" stroke="${C.ink}" stroke-opacity="0.4" stroke-width="4"
          stroke-linecap="round"/>
        ${jarNoLid(480, 'dill', 143)}
        <g>${[0, 1, 2, 3]
          .map(
            (i) => s`<ellipse cx="540" cy="${240 - i * 8}" rx="46" ry="10" fill="${C.green}"
          stroke="#2f5530" stroke-width="2"/>`,
          )
          .join('')}</g>`;
    },
  },
  {
    alt: 'Illustration of jars submerged in a water-bath canning pot on the stove',
    art: () => {
      let bubbles = '';
      for (let i = 0; i < 10; i++)
        bubbles += s`<circle cx="${170 + i * 32}" cy="${140 + (i % 3) * 14}" r="${4 + (i % 2) * 3}"/>`;
      return s`<rect x="80" y="356" width="480" height="30" rx="6" fill="#4a4740"/>
        ${flames(320, 360, 260)}
        <rect x="126" y="116" width="388" height="232" rx="24" fill="#2f4a66"/>
        <rect x="116" y="108" width="408" height="20" rx="10" fill="#3d5c7c"/>
        <rect x="100" y="160" width="30" height="16" rx="6" fill="#2f4a66"/>
        <rect x="510" y="160" width="30" height="16" rx="6" fill="#2f4a66"/>
        <rect x="148" y="132" width="344" height="196" rx="12" fill="${C.water}"/>
        ${pickleJar(170, 178, 86, 136, 'dill', { label: undefined }, 151)}
        ${pickleJar(277, 178, 86, 136, 'hot', { label: undefined }, 152)}
        ${pickleJar(384, 178, 86, 136, 'bb', { label: undefined }, 153)}
        <rect x="148" y="150" width="344" height="178" fill="#8fc5d6" fill-opacity="0.3"/>
        <path d="M148 150 H492" stroke="#fff" stroke-width="4" stroke-opacity="0.8"/>
        <g fill="#fff" fill-opacity="0.8">${bubbles}</g>
        <path d="M148 316 H492" stroke="${C.steelDark}" stroke-width="8"/>
        ${steam(200, 100, 80)}${steam(320, 96, 90)}${steam(440, 100, 76)}
        <g fill="#fff" fill-opacity="0.35"><circle cx="170" cy="300" r="2"/><circle cx="210" cy="128" r="2"/></g>`;
    },
  },
  {
    alt: 'Illustration of sealed jars cooling in a row on a striped kitchen towel',
    art: () => {
      let stripes = '';
      for (const y of [370, 388, 430, 446])
        stripes += s`<rect x="30" y="${y}" width="580" height="8" fill="${C.brick}"/>`;
      const kinds: Kind[] = ['dill', 'hot', 'bb', 'dill', 'hot'];
      return s`<path d="M30 360 H610 V470 H30 Z" fill="${C.paper}"/>${stripes}
        ${kinds.map((k, i) => pickleJar(58 + i * 108, 260, 86, 132, k, {}, 161 + i)).join('')}
        ${[0, 1, 2, 3, 4]
          .map((i) => {
            const x = 101 + i * 108;
            return s`<path d="M${x - 30} 214 l-8 -12 M${x} 206 V190 M${x + 30} 214 l8 -12" stroke="${C.mustard}"
            stroke-width="4" stroke-linecap="round"/>`;
          })
          .join('')}`;
    },
  },
  {
    alt: 'Illustration of blank labels being stuck onto pickle jars',
    art: () =>
      s`${shadow(320, jarBase, 280, 8)}
        ${pickleJar(70, 250, 110, 152, 'bb', {}, 171)}
        ${pickleJar(250, 250, 110, 152, 'hot', { label: undefined }, 172)}
        <g transform="rotate(-12 305 300)">
          <rect x="262" y="280" width="90" height="46" rx="4" fill="${C.paper}" stroke="#d9cdb5" stroke-width="2"/>
          <path d="M276 296 h50 M276 310 h34" stroke="${C.brick}" stroke-width="5" stroke-linecap="round"
            stroke-opacity="0.4"/>
        </g>
        <circle cx="500" cy="340" r="62" fill="${C.paper}" stroke="#d9cdb5" stroke-width="3"/>
        <circle cx="500" cy="340" r="24" fill="#e9dcc0"/><circle cx="500" cy="340" r="14" fill="${C.sand}"/>
        <path d="M500 402 H600 V372" fill="${C.paper}" stroke="#d9cdb5" stroke-width="3"/>
        <rect x="528" y="382" width="40" height="16" rx="3" fill="${C.green}" fill-opacity="0.7"/>
        <path d="M500 278 A62 62 0 0 1 562 340" fill="none" stroke="${C.green}" stroke-width="6" stroke-opacity="0.5"/>`,
  },
  {
    alt: 'Illustration of a stoneware crock of pickles fermenting under a weight',
    art: () =>
      s`${shadow(300, 410, 170, 10)}
        <path d="M160 160 H440 Q460 280 430 390 Q420 410 400 410 H200 Q180 410 170 390 Q140 280 160 160 Z"
          fill="#efe6d2"/>
        <path d="M150 214 Q300 228 450 214 V250 Q300 264 150 250 Z" fill="#6a86a3"/>
        <rect x="132" y="180" width="30" height="16" rx="6" fill="#e1d5bc"/>
        <rect x="438" y="180" width="30" height="16" rx="6" fill="#e1d5bc"/>
        <ellipse cx="300" cy="160" rx="146" ry="30" fill="#e1d5bc"/>
        <ellipse cx="300" cy="162" rx="128" ry="22" fill="#d2c07a"/>
        ${cucumber(240, 160, 80, 20, -20, C.pickle)}${cucumber(370, 158, 70, 20, 30, C.pickleDark)}
        <ellipse cx="300" cy="164" rx="80" ry="14" fill="#d8d2c4"/>
        <ellipse cx="300" cy="158" rx="44" ry="12" fill="#a5a097"/>
        <ellipse cx="294" cy="154" rx="20" ry="4" fill="#fff" fill-opacity="0.3"/>
        ${dillSprig(190, 160, 70, -50, C.dill)}${dillSprig(400, 164, 60, 60, C.dill)}
        <path d="M180 300 Q184 250 190 210" stroke="#fff" stroke-opacity="0.4" stroke-width="12"
          stroke-linecap="round"/>
        ${garlic(510, 370, 30)}${clove(560, 394, 1.6, 50)}${dillSprig(90, 400, 120, -40)}`,
  },
  {
    alt: 'Illustration of pantry shelves stocked with jars of home-made pickles',
    art: () => {
      const kinds: Kind[] = ['dill', 'hot', 'bb'];
      let jars = '';
      [106, 246, 386].forEach((base, r) => {
        for (let i = 0; i < 5; i++) {
          const k = kinds[(i + r) % 3]!;
          const tall = (i + r) % 2 === 0;
          const h = tall ? 96 : 76;
          jars += pickleJar(72 + i * 102, base - h, 70, h, k, { label: undefined }, 181 + r * 6 + i);
        }
      });
      return s`<rect width="${W}" height="${H}" fill="#8a5a34"/>
        <rect x="40" y="0" width="560" height="${H}" fill="#f1e4c6"/>
        <rect x="40" y="0" width="560" height="${H}" fill="url(#tile)" opacity="0.5"/>
        ${jars}
        ${[106, 246, 386]
          .map(
            (y) => s`<rect x="40" y="${y}" width="560" height="14" fill="${C.wood}"/>
          <rect x="40" y="${y + 14}" width="560" height="6" fill="#000" fill-opacity="0.12"/>`,
          )
          .join('')}
        <rect x="28" y="0" width="16" height="${H}" fill="${C.woodDark}"/>
        <rect x="596" y="0" width="16" height="${H}" fill="${C.woodDark}"/>
        <path d="M0 0 L28 20 V460 L0 480 Z M640 0 L612 20 V460 L640 480 Z" fill="#6e4a2a"/>`;
    },
  },
];

// ---------------------------------------------------------------------------------------------------------------
// Finished products

const finished: Scene[] = [
  {
    alt: 'Illustration of pickle jars lined up on a wooden wall shelf',
    art: () => {
      const kinds: Kind[] = ['dill', 'hot', 'bb', 'dill', 'hot'];
      return s`${kinds.map((k, i) => pickleJar(70 + i * 92, 196, 72, 110, k, {}, 191 + i)).join('')}
        <rect x="40" y="306" width="560" height="18" rx="3" fill="${C.wood}"/>
        <path d="M90 324 V360 H130 M550 324 V360 H510" fill="none" stroke="${C.woodDark}" stroke-width="8"/>
        <path d="M534 306 L540 256 H592 L598 306 Z" fill="${C.brick}"/>
        ${leaf(548, 236, 20, -40)}${leaf(584, 230, 22, 40, '#6ba24e')}${leaf(566, 212, 20, 0)}
        ${pickleJar(160, 96, 54, 70, 'bb', { label: undefined }, 196)}${pickleJar(230, 96, 54, 70, 'dill', { label: undefined }, 197)}
        <rect x="120" y="166" width="220" height="12" rx="3" fill="${C.wood}"/>`;
    },
  },
  {
    alt: 'Illustration of a gift basket with three pickle jars and a red bow',
    art: () => {
      const body = 'M120 300 H520 L490 420 Q486 436 470 436 H170 Q154 436 150 420 Z';
      let weave = '';
      for (let y = 312; y < 440; y += 18) weave += s` M120 ${y} H520`;
      return s`${shadow(320, 438, 220, 12)}
        <path d="M150 300 C150 70 490 70 490 300" fill="none" stroke="${C.woodDark}" stroke-width="16"/>
        ${pickleJar(170, 190, 90, 130, 'hot', {}, 201)}${pickleJar(275, 170, 90, 150, 'dill', {}, 202)}
        ${pickleJar(380, 190, 90, 130, 'bb', {}, 203)}
        <path d="M110 296 L150 340 L190 300 L230 344 L270 302 L310 346 L350 302 L390 344 L430 300 L470 340 L530 296
          L520 280 H120 Z" fill="#f3d3c4"/>
        <path d="${body}" fill="${C.wood}"/>
        ${rows(body, weave, C.woodDark, 3, 0.5)}
        <rect x="110" y="292" width="420" height="18" rx="9" fill="${C.woodLight}"/>
        <path d="M150 150 C120 120 100 170 150 164 C110 190 150 210 160 168 Z" fill="${C.brick}"/>
        <path d="M160 160 C180 120 210 150 170 168 C210 180 190 210 162 170 Z" fill="${C.brick}"/>
        <circle cx="158" cy="164" r="9" fill="${C.brickDark}"/>
        <path d="M154 170 L140 220 M162 170 L178 218" stroke="${C.brick}" stroke-width="7" stroke-linecap="round"/>`;
    },
  },
  {
    alt: 'Illustration of a pickle jar topped with checked cloth, a ribbon and a tag',
    art: () =>
      s`${shadow(320, jarBase, 120, 8)}
        ${pickleJar(240, 150, 160, 252, 'dill', { cloth: C.brick }, 211)}
        <path d="M240 174 Q320 186 400 174" fill="none" stroke="${C.mustard}" stroke-width="9"/>
        <path d="M396 174 C430 140 450 180 400 178 C440 196 430 220 398 180" fill="${C.mustard}"/>
        <path d="M400 182 L430 240" stroke="#c9a76a" stroke-width="2"/>
        <g transform="rotate(20 440 262)">
          <path d="M420 240 H470 V290 H420 L408 265 Z" fill="${C.paper}" stroke="#d9cdb5" stroke-width="2"/>
          <circle cx="418" cy="265" r="3" fill="#d9cdb5"/>
          <path d="M430 258 h30 M430 272 h20" stroke="${C.green}" stroke-width="4" stroke-linecap="round"
            stroke-opacity="0.5"/>
        </g>
        ${dillSprig(150, 404, 140, -20)}${garlic(520, 370, 30, 8)}`,
  },
  {
    alt: 'Illustration of wooden crates stacked with jars of pickles',
    art: () => {
      const crateJars = (x: number, y: number, seed: number) => {
        const kinds: Kind[] = ['dill', 'hot', 'bb', 'dill'];
        let out = '';
        kinds.forEach((k, i) => {
          out += pickleJar(x + 16 + i * 52, y - 40, 40, 62, k, { label: undefined }, seed + i);
        });
        return out + crate(x, y, 228, 90);
      };
      return s`${shadow(320, 452, 280, 10)}
        ${crateJars(90, 360, 221)}${crateJars(322, 360, 225)}${crateJars(206, 228, 229)}
        <rect x="206" y="318" width="228" height="8" fill="#000" fill-opacity="0.1"/>
        ${dillSprig(60, 460, 120, -20)}${garlic(590, 430, 26, 10)}`;
    },
  },
  {
    alt: 'Illustration of an open pickle jar with a fork lifting out a whole pickle',
    art: () =>
      s`${shadow(300, jarBase, 130, 8)}
        ${jar(210, 200, 180, 202, {
          brine: KIND.dill.brine,
          level: 0.8,
          contents: (b) => uprightContents(b, 'dill', 241),
          label: KIND.dill.label,
          mark: MARK.dill,
        })}
        <ellipse cx="500" cy="400" rx="74" ry="14" fill="#2f5530"/>
        <ellipse cx="500" cy="392" rx="74" ry="14" fill="${C.green}"/>
        <ellipse cx="492" cy="389" rx="40" ry="5" fill="#fff" fill-opacity="0.25"/>
        <path d="M290 118 L460 40" stroke="${C.steelDark}" stroke-width="9" stroke-linecap="round"/>
        ${cucumber(272, 130, 140, 44, 62, C.pickle)}
        <path d="M300 114 L276 128" stroke="${C.steelDark}" stroke-width="16" stroke-linecap="round"/>
        <path d="M278 124 l-14 6 M282 132 l-14 6" stroke="${C.steelDark}" stroke-width="4" stroke-linecap="round"/>
        <path d="M238 200 c-4 10 4 14 4 6 Z M250 214 c-4 10 4 14 4 6 Z" fill="${KIND.dill.brine}"/>`,
  },
  {
    alt: 'Illustration of a market table with jars of pickles under a striped awning',
    art: () => {
      let awning = '';
      for (let i = 0; i < 10; i++) {
        awning += s`<path d="M${i * 64} 0 H${(i + 1) * 64} V70 A32 32 0 0 1 ${i * 64} 70 Z"
          fill="${i % 2 ? C.paper : C.green}"/>`;
      }
      const kinds: Kind[] = ['hot', 'dill', 'bb', 'dill', 'hot', 'bb'];
      return s`<rect width="${W}" height="${H}" fill="#dfeee0"/>
        ${tree(80, 330, 1.4, '#a9c29a', '#b9d0a8')}${tree(560, 320, 1.3, '#a9c29a', '#b9d0a8')}
        <rect y="330" width="${W}" height="150" fill="#e7dcc0"/>
        ${awning}
        ${kinds.map((k, i) => pickleJar(90 + i * 80, 218, 62, 90, k, {}, 251 + i)).join('')}
        ${kinds.map((k, i) => pickleJar(130 + i * 80, 254, 52, 74, k, { label: undefined }, 257 + i)).join('')}
        <path d="M60 326 H580 L600 460 H40 Z" fill="${C.brick}"/>
        <path d="M60 326 H580 L600 460 H40 Z" fill="url(#tile)"/>
        <rect x="60" y="320" width="520" height="12" fill="#d65c42"/>
        <g transform="rotate(-8 540 300)"><rect x="510" y="268" width="64" height="44" rx="4" fill="${C.ink}"
          stroke="${C.wood}" stroke-width="5"/><path d="M522 284 h36 M522 296 h22" stroke="#fff" stroke-width="4"
          stroke-linecap="round" stroke-opacity="0.6"/></g>`;
    },
  },
  {
    alt: 'Illustration of a small pint jar and a tall quart jar side by side',
    art: () =>
      s`${shadow(320, jarBase, 240, 8)}
        ${pickleJar(150, 222, 140, 180, 'bb', {}, 261)}
        ${pickleJar(330, 112, 170, 290, 'bb', {}, 262)}
        <path d="M560 402 V112 M552 402 H568 M552 112 H568 M552 222 H568" stroke="${C.ink}" stroke-opacity="0.35"
          stroke-width="4" stroke-linecap="round"/>
        ${chip(90, 396, 24, 0.5)}${chip(110, 380, 22, 0.5, 20)}`,
  },
  {
    alt: 'Illustration of a sandwich and a pickle spear on a plate beside a jar',
    art: () =>
      s`${shadow(240, 410, 200, 12)}
        <ellipse cx="240" cy="396" rx="200" ry="26" fill="${C.paper}" stroke="#e0d6bf" stroke-width="3"/>
        <ellipse cx="240" cy="392" rx="150" ry="16" fill="#f3ecdc"/>
        <path d="M110 388 Q110 350 150 346 H330 Q370 350 370 388 Z" fill="#d9a25e"/>
        <path d="M110 350 Q150 330 190 350 Q230 330 270 350 Q310 330 370 350 V362 H110 Z" fill="#7fb35a"/>
        <rect x="112" y="326" width="256" height="22" rx="6" fill="${C.chili}"/>
        <path d="M108 322 L370 322 L380 336 L100 336 Z" fill="${C.mustardLight}"/>
        <rect x="116" y="298" width="248" height="26" rx="8" fill="#f1d9a8"/>
        <path d="M110 300 Q110 250 170 246 H310 Q370 250 370 300 Z" fill="#d9a25e"/>
        <path d="M150 270 q6 -4 12 0 M200 262 q6 -4 12 0 M260 266 q6 -4 12 0 M310 272 q6 -4 12 0" fill="none"
          stroke="#f6e6c3" stroke-width="3" stroke-linecap="round"/>
        ${cucumber(300, 394, 130, 30, -6, C.pickle)}
        ${shadow(510, jarBase, 80, 7)}
        ${pickleJar(440, 232, 130, 170, 'dill', {}, 271)}`,
  },
];

// ---------------------------------------------------------------------------------------------------------------
// Products (800×800)

type Product = { id: string; type: string; kind: Kind; bg: [string, string]; alt: string; description: string };

const products: Product[] = [
  {
    id: 'hot',
    type: 'Hot',
    kind: 'hot',
    bg: ['#fbe3d6', '#fbf5ec'],
    alt: 'Illustration of a red-lidded pickle jar with chilies, beside fresh chilies and garlic',
    description:
      'Crisp cucumbers in a fiery brine with red chilies, garlic and dill. Bold heat up front and a clean, tangy crunch.',
  },
  {
    id: 'bread-and-butter',
    type: 'Bread and Butter',
    kind: 'bb',
    bg: ['#fbedc4', '#fbf6e8'],
    alt: 'Illustration of a jar of crinkle-cut pickle chips and onion in golden brine',
    description:
      'Sweet and tangy crinkle-cut chips with sliced onion and mustard seed in a golden brine. Made for burgers and sandwiches.',
  },
  {
    id: 'kosher-dill',
    type: 'Kosher Dill',
    kind: 'dill',
    bg: ['#dfeacf', '#f7f8ef'],
    alt: 'Illustration of a green-lidded jar of whole dill pickles beside dill and garlic',
    description:
      'Whole cucumbers brined with fresh dill and plenty of garlic, the classic deli pickle. Sour, garlicky and snappy.',
  },
];

function productProps(kind: Kind): string {
  if (kind === 'hot') {
    return `${chili(170, 628, 130, -70)}${chili(560, 650, 120, -110, '#c43425')}${chili(640, 600, 100, -80)}
      ${garlic(150, 660, 40, -10)}${clove(660, 690, 2.4, 60)}`;
  }
  if (kind === 'bb') {
    return s`<ellipse cx="620" cy="690" rx="120" ry="30" fill="${C.paper}" stroke="#e6dcc6" stroke-width="3"/>
      ${chip(580, 672, 38, 0.45, 6)}${chip(650, 682, 36, 0.45, -10)}${onion(620, 666, 30, 0.4)}
      ${chip(160, 690, 40, 0.45)}${onion(210, 660, 34, 0.42, 12)}
      ${scatter(120, 720, 40, 14, 3.5, '#c98a1c', 301)}`;
  }
  return `${dillSprig(170, 700, 210, -35, C.dill, 3.5)}${dillSprig(210, 700, 170, -15, '#6fa84b', 3)}
    ${garlic(620, 640, 46, 8)}${clove(690, 690, 2.4, 70)}${cucumber(560, 700, 200, 50, -6, C.cuke)}`;
}

function productImage(p: Product): string {
  const jarW = 330;
  const jarH = 400;
  const x = (P - jarW) / 2;
  const y = 248;
  return svg(
    P,
    P,
    s`<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="${p.bg[0]}"/><stop offset="1" stop-color="${p.bg[1]}"/></linearGradient>
        <radialGradient id="glow" cx="0.5" cy="0.5" r="0.5">
          <stop offset="0" stop-color="#fff" stop-opacity="0.7"/><stop offset="1" stop-color="#fff" stop-opacity="0"/>
        </radialGradient></defs>
      <rect width="${P}" height="${P}" fill="url(#bg)"/>
      <circle cx="400" cy="400" r="330" fill="url(#glow)"/>
      <circle cx="110" cy="120" r="60" fill="#fff" fill-opacity="0.35"/>
      <circle cx="700" cy="200" r="34" fill="#fff" fill-opacity="0.35"/>
      <path d="M0 640 H${P} V${P} H0 Z" fill="${C.sand}" fill-opacity="0.7"/>
      <path d="M0 640 H${P}" stroke="#fff" stroke-opacity="0.6" stroke-width="4"/>
      ${shadow(400, y + jarH, 220, 22)}
      ${pickleJar(x, y, jarW, jarH, p.kind, {}, 300 + p.id.length)}
      ${productProps(p.kind)}`,
  );
}

// ---------------------------------------------------------------------------------------------------------------

const groups: { name: string; frame: (scene: Scene) => string; scenes: Scene[] }[] = [
  { name: 'Farm', frame: outdoorFrame(['#cfe8ec', '#f7f1dc']), scenes: farm },
  {
    name: 'Finished_Products',
    frame: indoorFrame(['#f8ecd0', '#fbf5e6'], 'stripe', '#d9b07a', '#e6c79a'),
    scenes: finished,
  },
  { name: 'Harvest', frame: outdoorFrame(['#d3eadf', '#fbefd2']), scenes: harvest },
  {
    name: 'Preparation',
    frame: indoorFrame(['#f7efdc', '#f1e3c4'], 'square', '#c89a63', '#b98c5c'),
    scenes: preparation,
  },
  { name: 'The_Crops', frame: outdoorFrame(['#d3ebf0', '#eef4df']), scenes: crops },
  {
    name: 'The_Process',
    frame: indoorFrame(['#e8efdd', '#d9e5c9'], 'subway', '#e4d6b8', '#e0c9a0'),
    scenes: process,
  },
];

async function render(svgText: string, file: string): Promise<number> {
  mkdirSync(dirname(file), { recursive: true });
  const info = await sharp(Buffer.from(svgText)).webp({ quality: QUALITY }).toFile(file);
  return info.size;
}

/** Plain YAML scalars only: fail loudly rather than write something that needs quoting. */
function yamlValue(v: string | number): string {
  if (typeof v === 'number') return String(v);
  if (/[:#]|^[-?!&*>|'"%@`[\]{},]/.test(v)) throw new Error(`needs quoting in YAML: ${v}`);
  return v;
}

function yamlList(header: string, items: Record<string, string | number>[]): string {
  const body = items
    .map((item) =>
      Object.entries(item)
        .map(([k, v], i) => `${i ? '  ' : '- '}${k}: ${yamlValue(v)}`)
        .join('\n'),
    )
    .join('\n');
  return `${header}\n\n${body}\n`;
}

let total = 0;
const galleryRows: Record<string, string | number>[] = [];
for (const g of groups) {
  if (g.scenes.length !== 8) throw new Error(`${g.name} has ${g.scenes.length} scenes, expected 8`);
  for (const [n, scene] of g.scenes.entries()) {
    idCounter = 0;
    const size = await render(g.frame(scene), join(SHOP_DIR, 'gallery', g.name, `${n}.webp`));
    total += size;
    console.log(`gallery/${g.name}/${n}.webp  ${(size / 1024).toFixed(1)} KB`);
    galleryRows.push({
      id: `${g.name}-${n}`,
      group: g.name,
      index: n,
      image: `./gallery/${g.name}/${n}.webp`,
      alt: scene.alt,
    });
  }
}
for (const p of products) {
  idCounter = 0;
  const size = await render(productImage(p), join(SHOP_DIR, 'products', `${p.id}.webp`));
  total += size;
  console.log(`products/${p.id}.webp  ${(size / 1024).toFixed(1)} KB`);
}
console.log(`total ${(total / 1024).toFixed(1)} KB`);

/** Writes the file unless it exists: the owner may have edited texts or swapped in photos. */
function writeIfMissing(path: string, text: string): void {
  if (existsSync(path)) console.log(`kept ${path} (delete it to regenerate)`);
  else writeFileSync(path, text);
}

writeIfMissing(
  join(SHOP_DIR, 'gallery.yaml'),
  yamlList(
    '# The shop gallery: eight drawings in each of six groups, in group order then index order. The schema in\n' +
      '# src/content.config.ts checks every field. Drawings by scripts/generate/shop-images.ts, which wrote this file\n' +
      '# once and leaves it alone since: swap in real photos by replacing the files and their alt text.',
    galleryRows,
  ),
);
writeIfMissing(
  join(SHOP_DIR, 'products.yaml'),
  yamlList(
    '# The three pickles sold in the shop. The schema in src/content.config.ts checks every field. Drawings by\n' +
      '# scripts/generate/shop-images.ts, which wrote this file once and leaves it alone since.',
    products.map((p) => ({
      id: p.id,
      type: p.type,
      image: `./products/${p.id}.webp`,
      alt: p.alt,
      description: p.description,
    })),
  ),
);
