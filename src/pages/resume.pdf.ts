// /resume.pdf, drawn from the site config's owner and résumé at build time (src/lib/resume-pdf.ts).
import type { APIRoute } from 'astro';
import { owner, resume } from '../content/site.config.ts';
import { resumePdf } from '../lib/resume-pdf.ts';

export const GET: APIRoute = async () =>
  new Response(new Uint8Array(await resumePdf(owner, resume)), { headers: { 'Content-Type': 'application/pdf' } });
