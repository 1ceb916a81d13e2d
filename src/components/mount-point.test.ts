import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type MountPoint, mountPoint } from './mount-point.ts';

// Every feature's mount points (its mount-point.ts), as the markup and the site script see them.
const features = readdirSync('src/features').filter((name) => existsSync(`src/features/${name}/mount-point.ts`));
const points = (
  await Promise.all(
    features.map(async (name) => (await import(`../features/${name}/mount-point.ts`)) as Record<string, MountPoint>),
  )
).flatMap((module) => Object.values(module));

describe('mount points', () => {
  it('give the markup the attribute and the mount code the selector that finds it', () => {
    expect(mountPoint('data-forum')).toEqual({ selector: '[data-forum]', attribute: { 'data-forum': '' } });
  });

  it('are named once each, by the features', () => {
    expect(features.length).toBeGreaterThanOrEqual(10);
    const selectors = points.map((point) => point.selector);
    expect(new Set(selectors).size).toBe(selectors.length);
    for (const { selector, attribute } of points) expect(selector).toBe(`[${Object.keys(attribute)[0]}]`);
  });
});
