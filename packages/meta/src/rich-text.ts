// xss is CommonJS: Node exposes only its default export to ES modules.
import xss from 'xss';

const { FilterXSS, getDefaultWhiteList } = xss as unknown as typeof import('xss');

// Rich text (notices, service guides, laws) is HTML from an editor. It is cleaned on the way in
// (the submit schema) and again before it is shown: an allow-list of tags and attributes, no
// scripts, no event handlers, no javascript: links.
let filter: InstanceType<typeof FilterXSS> | undefined;

/** Built on first use, so bundles that never clean HTML can leave the filter out. */
function htmlFilter() {
  if (filter) return filter;
  const whiteList = getDefaultWhiteList();
  for (const tag of Object.keys(whiteList)) whiteList[tag] = [...(whiteList[tag] ?? []), 'style', 'class'];
  filter = new FilterXSS({ whiteList, stripIgnoreTag: true, stripIgnoreTagBody: ['script', 'style', 'iframe', 'object'] });
  return filter;
}

export function sanitizeHtml(html: string): string {
  return htmlFilter().process(html);
}
