// The products page's Select modal (SPEC sections 2, 4, 5): type, size (Pint by default) and
// quantity (1 to 20, 1 by default), then Add. The modal closes after the call, then the toast.
import { showFieldError } from '../../../components/field.ts';
import { openModalDialog, wireModalDialogs } from '../../../components/modal-dialog.ts';
import { showToast } from '../../../components/toast.ts';
import { addCartItem } from '../api-client.ts';
import { DEFAULT_SIZE, ITEM, PICKLE_TYPES, QUANTITY, SIZES, cappedMessage, parseQuantity, TOASTS } from '../logic.ts';

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
    let capped = false;
    const line = { type: type.value as (typeof PICKLE_TYPES)[number], size: size.value as (typeof SIZES)[number] };
    try {
      // The same type and size again goes onto its line; past 20 jars the line is capped and says so.
      capped = (await addCartItem({ ...line, quantity: count })).capped === true;
      added = true;
    } catch (error) {
      console.error('Adding to the cart failed:', error);
    } finally {
      submit.disabled = false;
      submit.textContent = 'Add to Cart';
    }
    dialog.close();
    showToast(
      capped
        ? { ...TOASTS.capped, text: cappedMessage({ ...line, item: ITEM }, QUANTITY.max) }
        : added
          ? TOASTS.added
          : TOASTS.notAdded,
    );
  });
}
