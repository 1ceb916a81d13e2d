// The products as the pages show them (build time only: the content collection in src/content).
import { getCollection } from 'astro:content';
import { PICKLE_TYPES } from '../logic.ts';

/** The pickles in the catalogue's order of types. */
export async function productsInOrder() {
  return (await getCollection('products')).sort(
    (a, b) => PICKLE_TYPES.indexOf(a.data.type) - PICKLE_TYPES.indexOf(b.data.type),
  );
}

/**
 * The widths of the pickles' pictures. The shop home's showcase and the products page show them
 * about as wide (a phone's column; 358 px on a wide screen), so they ask for the same widths and one
 * encoding serves both; the showcase stops at 480, a quarter fewer bytes than 640 for the page's
 * largest paint on a phone.
 */
export const PICTURE_WIDTHS = { showcase: [360, 480], catalogue: [360, 480, 640] };
