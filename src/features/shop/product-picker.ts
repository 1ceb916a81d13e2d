// The products page's Select modal (SPEC sections 2, 4, 5): type, size (Pint by default) and
// quantity (1 to 20, 1 by default), then Add. The modal closes after the call, then the toast.
import { showFieldError } from '../../components/field.ts';
import { openModalDialog, wireModalDialogs } from '../../components/modal-dialog.ts';
import { showToast } from '../../components/toast.ts';
import { addCartItem } from './api-client.ts';
import { DEFAULT_SIZE, PICKLE_TYPES, QUANTITY, SIZES } from './catalogue.ts';
import { TOASTS } from './toasts.ts';

/** Returns the quantity typed, or undefined unless it is a whole number from 1 to 20. */
export function parseQuantity(value: string): number | undefined {
  const quantity = Number(value);
  return /^\d+$/.test(value.trim()) && quantity >= QUANTITY.min && quantity <= QUANTITY.max ? quantity : undefined;
}

/** Binds the Select buttons and the add-to-cart form. */
export function mountProductPicker(dialog: HTMLDialogElement): void {
  wireModalDialogs();
  const form = dialog.querySelector('form')!;
  const type = form.elements.namedItem('type') as HTMLSelectElement;
  const size = form.elements.namedItem('size') as HTMLSelectElement;
  const quantity = form.elements.namedItem('quantity') as HTMLInputElement;
  const submit = form.querySelector<HTMLButtonElement>('[type="submit"]')!;

  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-select-type]')) {
    button.addEventListener('click', () => {
      type.value = button.dataset.selectType ?? PICKLE_TYPES[0];
      size.value = DEFAULT_SIZE;
      quantity.value = String(QUANTITY.default);
      showFieldError(quantity, false);
      openModalDialog(dialog, button);
    });
  }
  quantity.addEventListener('input', () => showFieldError(quantity, false));

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const count = parseQuantity(quantity.value);
    if (count === undefined) {
      showFieldError(quantity, true);
      quantity.focus();
      return;
    }
    submit.disabled = true;
    submit.textContent = 'Adding...';
    let added = false;
    try {
      await addCartItem({
        type: type.value as (typeof PICKLE_TYPES)[number],
        size: size.value as (typeof SIZES)[number],
        quantity: count,
      });
      added = true;
    } catch (error) {
      console.error('Adding to the cart failed:', error);
    } finally {
      submit.disabled = false;
      submit.textContent = 'Add to Cart';
    }
    dialog.close();
    showToast(added ? TOASTS.added : TOASTS.notAdded);
  });
}
