// A second owner's site config: what someone makes of src/content/site.config.ts to make the site
// theirs. CI builds the site with it in place and runs the browser suite on it
// (tests/second-owner/run.ts), so the tests are proven to follow the config, not the demo: another
// name, three projects, no LinkedIn, a post of their own, and the shop and the wedding console
// switched off (then writing too, in a second build).
import type {
  FeaturesConfig,
  OwnerConfig,
  PollConfig,
  ProjectConfig,
  ResumeConfig,
  ShopConfig,
  SocialCardConfig,
} from '../../src/content/site-config.schema.ts';

export const owner: OwnerConfig = {
  name: 'Robin Vasquez-Lindqvist',
  title: 'Web Engineer',
  tagline: 'Small, sturdy web apps for clubs, families and friends.',
  email: 'robin@example.org',
  about: [
    "I'm Robin, a web engineer who builds the small tools a club or a family actually uses: polls, forums, games.",
    'I like plain HTML that works before any script, and tests that would catch me.',
  ],
  links: [
    { label: 'GitHub', url: 'https://github.com/robin-vl' },
    { label: 'Mastodon', url: 'https://mastodon.social/@robin_vl' },
    { label: 'Mail', url: 'mailto:robin@example.org' },
  ],
};

export const features: FeaturesConfig = {
  shop: false,
  wordGame: true,
  chatbot: true,
  forum: true,
  poll: true,
  scheduling: true,
  wedding: false,
  blog: true,
};

export const resume: ResumeConfig = {
  summary: 'Web engineer for small organisations: polls, forums and games that load fast and read well.',
  skills: [{ area: 'Web', items: 'TypeScript, Astro, React, Redis' }],
  experience: [{ role: 'Web Engineer', when: '2020 - present', points: ['Built tools for clubs and families.'] }],
  projects: 'Club polls, a family forum, a word game.',
  education: 'Computer Science, BSc',
};

export const socialCard: SocialCardConfig = {
  headline: owner.name,
  subline: owner.title,
  alt: `${owner.name}, ${owner.title}`,
};

export const shop: ShopConfig = { name: 'Lindqvist Orchard' };

export const poll: PollConfig = {
  title: 'Club Poll',
  question: 'Which night suits the club best?',
  options: ['Tuesday', 'Thursday'],
};

export const projects: ProjectConfig[] = [
  {
    id: 'club-chat',
    title: 'Club Chat',
    description: 'A chat assistant for the club, right here on this site.',
    tags: ['AI', 'Club'],
    thumbnail: 'club-chat.png',
    thumbnailAlt: 'Illustration of two chat bubbles',
    demo: '/chatbot',
    code: 'https://github.com/robin-vl/club-chat',
  },
  {
    id: 'orchard-shop',
    title: 'Orchard Shop',
    description: 'A shop for the family orchard; switched off on this site, so its card has no Live Demo.',
    thumbnail: 'orchard-shop.png',
    thumbnailAlt: 'Illustration of a jar in front of green hills',
    demo: '/drecoll_hills_harvest',
  },
  {
    id: 'weather-board',
    title: 'Weather Board',
    description: 'A weather dashboard for the club’s outdoor days, on its own site.',
    tags: ['Club'],
    thumbnail: 'weather-board.png',
    thumbnailAlt: 'Illustration of a sun behind a cloud',
    demo: 'https://robin-vl.github.io/weather-board/',
  },
];
