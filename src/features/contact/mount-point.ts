// Where the contact form comes to life (ContactForm.astro; mounted by contact-form.ts).
import { mountPoint } from '../../components/mount-point.ts';

export const CONTACT_FORM = mountPoint('data-contact-form');
