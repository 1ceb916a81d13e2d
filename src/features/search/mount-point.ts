// Where the site's search comes to life (SiteSearch.astro; mounted by site-search.ts).
import { mountPoint } from '../../components/mount-point.ts';

export const SITE_SEARCH = mountPoint('data-site-search');
