// Where the gallery comes to life (Gallery.astro; mounted by gallery.ts).
import { mountPoint } from '../../components/mount-point.ts';

export const GALLERY = mountPoint('data-gallery');
