// Where each project card of the home page's showcase is: its element id and the same-site link to
// it (`/#project-<id>`), shared by the cards, the chatbot's "Ask about my work" prompt that cites
// them, and the markdown renderer, which makes a card link a same-site link and no other path.

/** The card's element id on the home page. */
export const projectCardId = (projectId: string): string => `project-${projectId}`;

/** The link to the card: the home page, scrolled to it. */
export const projectCardPath = (projectId: string): string => `/#${projectCardId(projectId)}`;

/** Whether a link is a card link (`/#project-<id>`, as the config allows a project id). */
export const isProjectCardPath = (url: string): boolean => /^\/#project-[a-z0-9-]+$/.test(url);
