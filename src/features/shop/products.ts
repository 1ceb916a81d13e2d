// The products as the pages show them (build time only: the content collection in src/content).
import { getCollection } from 'astro:content';
import { PICKLE_TYPES } from './catalogue.ts';

/** The pickles in the catalogue's order of types. */
export async function productsInOrder() {
  return (await getCollection('products')).sort(
    (a, b) => PICKLE_TYPES.indexOf(a.data.type) - PICKLE_TYPES.indexOf(b.data.type),
  );
}
