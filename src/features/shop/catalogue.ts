// What the shop sells (SPEC sections 3, 5 and 9): one item, three types, two sizes, 1 to 20 jars
// a line. Shared by the product modal, the cart and the functions that check every request.

export const ITEM = 'Pickles';
export const PICKLE_TYPES = ['Hot', 'Bread and Butter', 'Kosher Dill'] as const;
export const SIZES = ['Pint', 'Quart'] as const;
export const DEFAULT_SIZE: Size = 'Pint';
export const QUANTITY = { min: 1, max: 20, default: 1 } as const;
/** A family order fits easily; a cap keeps one account from filling the store. */
export const MAX_CART_ITEMS = 30;

export type PickleType = (typeof PICKLE_TYPES)[number];
export type Size = (typeof SIZES)[number];
