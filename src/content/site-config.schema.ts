// What src/content/site.config.ts may hold: its types (the config `satisfies` them, so an editor
// underlines a mistake as it is typed) and the same rules as a schema, checked when the site builds
// (src/integrations/site-config.ts), where each mistake is reported by the field it is in.
import * as v from 'valibot';
import { FEATURES, type Feature } from '../lib/features.ts';

const text = v.pipe(v.string(), v.trim(), v.nonEmpty('must not be empty'));
const httpsUrl = v.pipe(
  v.string(),
  v.url('must be a full address, like https://example.com/me'),
  v.startsWith('https://', 'must start with https://'),
);
const email = v.pipe(v.string(), v.email('must be an email address, like me@example.com'));
/** A page of this site (`/chatbot`) or another site's https address. */
const link = v.union(
  [v.pipe(v.string(), v.regex(/^\/[a-z0-9_/-]*$/)), httpsUrl],
  'must be a page of this site (like /chatbot) or a full https address',
);

const ownerSchema = v.strictObject({
  name: text,
  title: text,
  tagline: text,
  email,
  about: v.pipe(v.array(text), v.minLength(1, 'needs at least one paragraph')),
  links: v.pipe(
    v.array(
      v.strictObject({
        label: v.pipe(text, v.maxLength(20, 'takes at most 20 characters')),
        url: v.union(
          [httpsUrl, v.pipe(v.string(), v.regex(/^mailto:[^\s@]+@[^\s@]+$/))],
          'must be a full https address, like https://example.com/me, or mailto:me@example.com',
        ),
      }),
    ),
    v.maxLength(3, 'takes at most 3: the nav has room for three'),
  ),
});

const featuresSchema = v.strictObject(
  Object.fromEntries(FEATURES.map((feature) => [feature, v.boolean('must be true or false')])) as Record<
    Feature,
    v.BooleanSchema<string>
  >,
);

const resumeSchema = v.strictObject({
  summary: text,
  skills: v.array(v.strictObject({ area: text, items: text })),
  experience: v.array(v.strictObject({ role: text, when: text, points: v.array(text) })),
  projects: text,
  education: text,
});

const socialCardSchema = v.strictObject({ headline: text, subline: text, alt: text });

const shopSchema = v.strictObject({ name: text });

const pollSchema = v.strictObject({
  title: text,
  question: text,
  options: v.pipe(v.array(text), v.minLength(2, 'needs at least two options'), v.maxLength(10, 'takes at most 10')),
  /** Closes the question whatever the store says: the page shows the results and takes no votes. */
  closed: v.optional(v.boolean('must be true or false')),
});

const projectSchema = v.strictObject({
  id: v.pipe(v.string(), v.regex(/^[a-z0-9-]+$/, 'must be lower-case words joined by hyphens, like my-project')),
  title: text,
  /** Its stack or subjects, shown on its page and card; each tag has a page (/tags/<tag>). */
  tags: v.optional(
    v.pipe(v.array(v.pipe(text, v.maxLength(40, 'takes at most 40 characters'))), v.maxLength(8, 'takes at most 8')),
  ),
  description: text,
  thumbnail: v.pipe(
    v.string(),
    v.regex(/^[\w.-]+\.(png|jpe?g|webp|avif)$/, 'must be a picture file name (.png, .jpg, .webp or .avif)'),
  ),
  thumbnailAlt: text,
  demo: v.optional(link),
  code: v.optional(httpsUrl),
});

const siteConfigSchema = v.strictObject({
  owner: ownerSchema,
  features: featuresSchema,
  resume: resumeSchema,
  socialCard: socialCardSchema,
  shop: shopSchema,
  poll: pollSchema,
  projects: v.pipe(
    v.array(projectSchema),
    v.minLength(1, 'needs at least one project'),
    v.check((projects) => new Set(projects.map(({ id }) => id)).size === projects.length, 'two projects share an id'),
  ),
});

export type OwnerConfig = v.InferInput<typeof ownerSchema>;
export type FeaturesConfig = v.InferInput<typeof featuresSchema>;
export type ResumeConfig = v.InferInput<typeof resumeSchema>;
export type SocialCardConfig = v.InferInput<typeof socialCardSchema>;
export type ShopConfig = v.InferInput<typeof shopSchema>;
export type PollConfig = v.InferInput<typeof pollSchema>;
export type ProjectConfig = v.InferInput<typeof projectSchema>;

/**
 * The config's mistakes, one line each, named by field (`owner.name: must not be empty`); none
 * when it is fine. `pictureExists` says whether a project's thumbnail file is there.
 */
export function siteConfigProblems(config: unknown, pictureExists: (file: string) => boolean): string[] {
  const result = v.safeParse(siteConfigSchema, config, { abortPipeEarly: true });
  if (!result.success) return result.issues.map(describeIssue);
  return result.output.projects.flatMap(({ thumbnail }, index) =>
    pictureExists(thumbnail)
      ? []
      : [`projects[${index}].thumbnail: there is no ${thumbnail} in src/content/projects/thumbnails/`],
  );
}

function describeIssue(issue: v.BaseIssue<unknown>): string {
  const path = (issue.path ?? []).map((item) => item.key as string | number);
  const field = path.reduce<string>(
    (name, key) => (typeof key === 'number' ? `${name}[${key}]` : name ? `${name}.${key}` : key),
    '',
  );
  if (issue.type === 'strict_object' && issue.input !== undefined) {
    const where = field.split('.').slice(0, -1).join('.');
    return `${field}: is not a field of ${where || 'the config'}${where === 'features' ? ` (the features are ${FEATURES.join(', ')})` : ''}`;
  }
  if (issue.input === undefined) return `${field}: is missing`;
  return `${field}: ${issue.message}`;
}
