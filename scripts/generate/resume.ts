// Generates public/resume.pdf, the one-page résumé the nav's Résumé dialog shows.
// `npm run generate:resume` after editing the text below (or replace the PDF with your own).
import { writeFileSync } from 'node:fs';
import { PDFDocument, type PDFFont, type PDFPage, StandardFonts, rgb } from 'pdf-lib';
import { site } from '../../src/content/site.ts';

const resume = {
  contact: `${site.githubUrl}  ·  ${site.linkedinUrl}`,
  summary:
    'Full-stack developer who ships fast, accessible web applications end to end: static-first front ends with small ' +
    'interactive islands, serverless APIs, and data stores sized to the job. Cares about measurable performance, ' +
    'honest tests and code a team can carry on.',
  skills: [
    ['Front end', 'TypeScript, React, Astro, HTML and CSS, accessibility (WCAG 2.2), Playwright'],
    ['Back end', 'Node.js, serverless functions (Netlify, AWS Lambda), REST APIs, JWT auth'],
    ['Data', 'Redis (Upstash), MongoDB, PostgreSQL, SQL and schema design'],
    ['Practice', 'Testing pyramids, CI, Lighthouse budgets, security headers, code review'],
  ],
  experience: [
    {
      role: 'Freelance Full-Stack Developer',
      when: '2022 - present',
      points: [
        'Built and maintain this site: Astro, React islands, Netlify Functions and Upstash Redis, 100 Lighthouse scores.',
        'Delivered shop, scheduling-poll and guest-list applications for small organisations.',
        'Set up CI pipelines with unit, integration and browser tests for every client project.',
      ],
    },
    {
      role: 'Web Developer, Drupal and JavaScript projects',
      when: '2019 - 2022',
      points: [
        'Developed Drupal sites and custom modules for public-sector and non-profit clients.',
        'Rebuilt front ends as accessible, mobile-first component libraries.',
      ],
    },
  ],
  projects:
    'AI chatbot (OpenAI API), mock farm shop with cart and orders, five-letter word game, forum, Doodle-style scheduling ' +
    'polls, weather dashboard, budget and fitness trackers, README generator.',
  education: 'Full-Stack Web Development Certificate  ·  continuous learning through open-source work',
};

const pdf = await PDFDocument.create();
pdf.setTitle(`${site.ownerName} - Résumé`);
pdf.setAuthor(site.ownerName);
pdf.setSubject(site.title);
const page = pdf.addPage([612, 792]); // US Letter
const regular = await pdf.embedFont(StandardFonts.Helvetica);
const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
const margin = 54;
const width = page.getWidth() - margin * 2;
const ink = rgb(0.12, 0.14, 0.18);
const accent = rgb(0.1, 0.38, 0.62);
let y = page.getHeight() - margin;

/** Draws `text` wrapped to the page width and moves the cursor below it. */
function paragraph(target: PDFPage, text: string, font: PDFFont, size: number, indent = 0, color = ink) {
  const words = text.split(/\s+/);
  let line = '';
  const flush = () => {
    target.drawText(line, { x: margin + indent, y, size, font, color });
    y -= size * 1.45;
    line = '';
  };
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) > width - indent && line) flush();
    line = line ? `${line} ${word}` : word;
  }
  if (line) flush();
}

function heading(text: string) {
  y -= 8;
  page.drawText(text.toUpperCase(), { x: margin, y, size: 11, font: bold, color: accent });
  y -= 5;
  page.drawLine({ start: { x: margin, y }, end: { x: margin + width, y }, thickness: 0.75, color: accent });
  y -= 15;
}

page.drawText(site.ownerName, { x: margin, y: y - 20, size: 26, font: bold, color: ink });
y -= 42;
paragraph(page, site.title, regular, 13, 0, accent);
paragraph(page, resume.contact, regular, 9.5);

heading('Summary');
paragraph(page, resume.summary, regular, 10.5);

heading('Skills');
for (const [area, list] of resume.skills) {
  page.drawText(`${area}:`, { x: margin, y, size: 10.5, font: bold, color: ink });
  paragraph(page, list!, regular, 10.5, 72);
}

heading('Experience');
for (const job of resume.experience) {
  page.drawText(job.role, { x: margin, y, size: 11, font: bold, color: ink });
  const whenWidth = regular.widthOfTextAtSize(job.when, 10);
  page.drawText(job.when, { x: margin + width - whenWidth, y, size: 10, font: regular, color: ink });
  y -= 16;
  for (const point of job.points) {
    page.drawText('•', { x: margin + 6, y, size: 10.5, font: regular, color: ink });
    paragraph(page, point, regular, 10.5, 18);
  }
  y -= 4;
}

heading('Selected projects');
paragraph(page, resume.projects, regular, 10.5);

heading('Education');
paragraph(page, resume.education, regular, 10.5);

writeFileSync('public/resume.pdf', await pdf.save({ useObjectStreams: true }));
console.log(`Wrote public/resume.pdf (${Math.round(y)} pt of space left at the bottom)`);
