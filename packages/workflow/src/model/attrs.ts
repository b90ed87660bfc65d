// Reads vendor extension attributes and elements by namespace URI, so `flowable:`, `activiti:`,
// `camunda:` or any other prefix bound to those URIs works the same.

export const NS = {
  flowable: 'http://flowable.org/bpmn',
  activiti: 'http://activiti.org/bpmn',
  camunda: 'http://camunda.org/schema/1.0/bpmn',
  /** Our own additions (working-day deadlines, service names). */
  civ: 'urn:civdesk:bpmn',
} as const;

const VENDORS: readonly string[] = [NS.flowable, NS.camunda, NS.activiti];

/** The loose shape of a moddle element: typed properties plus `$attrs` for foreign attributes. */
export interface ModdleElement {
  $type: string;
  $attrs?: Record<string, string>;
  $parent?: ModdleElement;
  id?: string;
  [key: string]: unknown;
}

export interface ExtensionElement {
  uri: string | undefined;
  local: string;
  /** The qualified name as written, for messages. */
  type: string;
  el: ModdleElement;
}

export class AttributeReader {
  private readonly rootPrefixes: Map<string, string>;

  constructor(definitions: ModdleElement) {
    this.rootPrefixes = declaredPrefixes(definitions);
  }

  /** The URI a prefix is bound to where `el` sits (declarations on the element or its ancestors win). */
  uriOf(prefix: string, el: ModdleElement): string | undefined {
    for (let e: ModdleElement | undefined = el; e; e = e.$parent) {
      const own = e.$attrs?.[`xmlns:${prefix}`] ?? (e[`xmlns:${prefix}`] as string | undefined);
      if (own) return own;
    }
    return this.rootPrefixes.get(prefix);
  }

  /** A foreign attribute in namespace `uri`. */
  attr(el: ModdleElement, uri: string, local: string): string | undefined {
    const attrs = el.$attrs;
    if (!attrs) return undefined;
    for (const key in attrs) {
      const colon = key.indexOf(':');
      if (colon < 0 || key.slice(colon + 1) !== local) continue;
      const prefix = key.slice(0, colon);
      if (prefix !== 'xmlns' && this.uriOf(prefix, el) === uri) return attrs[key];
    }
    return undefined;
  }

  /** A Flowable, Camunda or Activiti attribute, whichever the file uses. */
  vendor(el: ModdleElement, local: string): string | undefined {
    for (const uri of VENDORS) {
      const v = this.attr(el, uri, local);
      if (v !== undefined) return v;
    }
    return undefined;
  }

  civ(el: ModdleElement, local: string): string | undefined {
    return this.attr(el, NS.civ, local);
  }

  /** Extension elements with their namespace; vendor ones are flagged by `isVendor`. */
  extensions(el: ModdleElement): ExtensionElement[] {
    const ext = el.extensionElements as { values?: ModdleElement[] } | undefined;
    return (ext?.values ?? []).map((child) => {
      const [prefix, local] = child.$type.includes(':') ? child.$type.split(':', 2) : ['', child.$type];
      return { uri: this.uriOf(prefix, child), local, type: child.$type, el: child };
    });
  }

  isVendor(uri: string | undefined): boolean {
    return uri !== undefined && (VENDORS.includes(uri) || uri === NS.civ);
  }

  /** A property of a generic extension element (its attributes are plain properties). */
  prop(el: ModdleElement, name: string): string | undefined {
    const v = el[name];
    return typeof v === 'string' ? v : undefined;
  }
}

function declaredPrefixes(el: ModdleElement): Map<string, string> {
  const map = new Map<string, string>();
  for (const [k, v] of Object.entries(el.$attrs ?? {})) if (k.startsWith('xmlns:')) map.set(k.slice(6), v);
  return map;
}
