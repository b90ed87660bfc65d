import { getData } from './request.ts';

export type RelatedSite = { key: string; name: string; url: string };

/** Related-site links for the sign-in page (parameters DW_RELATED_SITE*). */
export const fetchRelatedSites = () =>
  getData<RelatedSite[]>('/api/civdesk/related-sites', undefined, { meta: { isToken: false, silentCodes: 'all' } });
