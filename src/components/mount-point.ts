// Where a feature comes to life on a page: the data attribute its markup carries and the selector
// its mount code finds it by, named once by the feature (its mount-point.ts) and used by both, so
// the two cannot drift apart. No imports: the markup uses it at build time, the site script in the
// browser.

export interface MountPoint {
  /** Finds the element (`[data-…]`): for the mount code. */
  readonly selector: string;
  /** Marks the element: spread onto it in markup, `<div {...FORUM.attribute}>` renders `<div data-forum>`. */
  readonly attribute: Readonly<Record<string, ''>>;
}

/** Names a mount point by its data attribute. */
export function mountPoint(name: `data-${string}`): MountPoint {
  return { selector: `[${name}]`, attribute: { [name]: '' } };
}
