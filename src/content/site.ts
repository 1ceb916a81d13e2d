// Facts about the owner that the pages, the nav and the résumé generator share. Edit freely.
export const site = {
  ownerName: 'Alex Drecoll',
  /** Shown in the main nav: the developer's title. */
  title: 'Full-Stack Developer',
  tagline: 'I build fast, accessible web applications, from the database to the pixels.',
  githubUrl: 'https://github.com/alex-drecoll',
  linkedinUrl: 'https://www.linkedin.com/in/alex-drecoll',
  resumePath: '/resume.pdf',
  /** The link-preview image (made by scripts/generate/thumbnails.ts). */
  socialImage: {
    path: '/social-card.png',
    width: 1200,
    height: 630,
    alt: 'Alex Drecoll, Full-Stack Developer',
  },
  shopName: 'Drecoll Hills Harvest',
  shopHome: '/drecoll_hills_harvest',
  /** The family name in the reunion date poll's title, 'Drecoll {name} Reunion 2026'. */
  reunionName: 'Jozwiak',
} as const;
