// The one-page résumé (US Letter) the nav's Résumé dialog shows, drawn from the site config at
// build time (src/pages/resume.pdf.ts). pdf-lib's standard Helvetica writes Western European text
// (WinAnsi): a character outside it fails the build, naming it.
import { PDFDocument, type PDFFont, StandardFonts, rgb } from 'pdf-lib';

/** Where the résumé is served. */
export const RESUME_PATH = '/resume.pdf';

export interface ResumeOwner {
  name: string;
  title: string;
  links: readonly { label: string; url: string }[];
}

export interface ResumeText {
  summary: string;
  skills: readonly { area: string; items: string }[];
  experience: readonly { role: string; when: string; points: readonly string[] }[];
  projects: string;
  education: string;
}

/** The résumé as PDF bytes. */
export async function resumePdf(owner: ResumeOwner, resume: ResumeText): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${owner.name} - Résumé`);
  pdf.setAuthor(owner.name);
  pdf.setSubject(owner.title);
  // A fixed date, so the same config always gives the same bytes.
  pdf.setCreationDate(new Date(0));
  pdf.setModificationDate(new Date(0));
  const page = pdf.addPage([612, 792]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const margin = 54;
  const width = page.getWidth() - margin * 2;
  const ink = rgb(0.12, 0.14, 0.18);
  const accent = rgb(0.1, 0.38, 0.62);
  let y = page.getHeight() - margin;

  /** Draws `text` wrapped to the page width and moves the cursor below it. */
  const paragraph = (text: string, font: PDFFont, size: number, indent = 0, color = ink) => {
    let line = '';
    const flush = () => {
      page.drawText(line, { x: margin + indent, y, size, font, color });
      y -= size * 1.45;
      line = '';
    };
    for (const word of text.split(/\s+/)) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) > width - indent && line) flush();
      line = line ? `${line} ${word}` : word;
    }
    if (line) flush();
  };
  const heading = (text: string) => {
    y -= 8;
    page.drawText(text.toUpperCase(), { x: margin, y, size: 11, font: bold, color: accent });
    y -= 5;
    page.drawLine({ start: { x: margin, y }, end: { x: margin + width, y }, thickness: 0.75, color: accent });
    y -= 15;
  };

  page.drawText(owner.name, { x: margin, y: y - 20, size: 26, font: bold, color: ink });
  y -= 42;
  paragraph(owner.title, regular, 13, 0, accent);
  const contact = owner.links.map(({ url }) => url.replace(/^mailto:/, '')).join('  ·  ');
  if (contact) paragraph(contact, regular, 9.5);

  heading('Summary');
  paragraph(resume.summary, regular, 10.5);

  if (resume.skills.length > 0) heading('Skills');
  for (const { area, items } of resume.skills) {
    page.drawText(`${area}:`, { x: margin, y, size: 10.5, font: bold, color: ink });
    paragraph(items, regular, 10.5, 72);
  }

  if (resume.experience.length > 0) heading('Experience');
  for (const job of resume.experience) {
    page.drawText(job.role, { x: margin, y, size: 11, font: bold, color: ink });
    const whenWidth = regular.widthOfTextAtSize(job.when, 10);
    page.drawText(job.when, { x: margin + width - whenWidth, y, size: 10, font: regular, color: ink });
    y -= 16;
    for (const point of job.points) {
      page.drawText('•', { x: margin + 6, y, size: 10.5, font: regular, color: ink });
      paragraph(point, regular, 10.5, 18);
    }
    y -= 4;
  }

  heading('Selected projects');
  paragraph(resume.projects, regular, 10.5);

  heading('Education');
  paragraph(resume.education, regular, 10.5);

  return pdf.save({ useObjectStreams: true });
}
