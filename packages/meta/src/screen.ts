import type { Label } from './field-types.ts';
import { type MenuPlacement, placeScreen, type ScreenPlacement } from './menu.ts';
import type { Button } from './permissions.ts';

// A screen that is not a resource's list and form (work lists, a modeler, a dashboard): declared
// like a resource's `menu`, so the seed creates its menu entry and buttons, grants it to the
// built-in roles, and the web app routes its path to the page registered for it.

/** The built-in role kinds every tenant has. */
export type RoleKind = 'admin' | 'caseworker' | 'auditor';

export type ScreenDef = {
  /** Its menu code, unique among all menu codes; its buttons' codes are `<name>_<action>`. */
  name: string;
  label: Label;
  menu: MenuPlacement;
  /** The prefix of the calls it makes (`/api/blade-flow/work`): an API scope opening `<api>/**` is seeded with it. */
  api?: string;
  /** Its buttons; routes demand their codes (`auth: { perm: 'flow_work_claim' }`). */
  buttons?: { action: string; label: Label }[];
  /** What the built-in roles are granted: all its buttons, or the listed actions. A role not listed gets no entry. */
  grants?: Partial<Record<RoleKind, 'all' | readonly string[]>>;
};

export type Screen = Omit<ScreenDef, 'menu' | 'buttons'> & { menu: ScreenPlacement; buttons: Button[] };

/** Declares a screen (checked: name, path, icon, button actions). */
export function defineScreen(def: ScreenDef): Screen {
  if (!/^[a-z][a-z0-9_-]*$/.test(def.name)) throw new Error(`screen ${def.name}: name must be lower-case letters, digits, _ or -`);
  const buttons = (def.buttons ?? []).map((b) => {
    if (!/^[a-z][a-zA-Z0-9-]*$/.test(b.action)) throw new Error(`screen ${def.name}: button action ${b.action} is not a simple word`);
    return { code: `${def.name}_${b.action}`, action: b.action, label: b.label };
  });
  for (const [kind, actions] of Object.entries(def.grants ?? {})) {
    if (actions === 'all') continue;
    const unknown = (actions ?? []).filter((a) => !buttons.some((b) => b.action === a));
    if (unknown.length) throw new Error(`screen ${def.name}: ${kind} is granted unknown actions ${unknown.join(', ')}`);
  }
  return { ...def, menu: placeScreen(def.name, def.menu), buttons };
}

/** The buttons of a screen a built-in role kind holds (none when it is not granted the screen). */
export function grantedButtons(s: Screen, kind: RoleKind): Button[] | undefined {
  const g = s.grants?.[kind];
  if (!g) return undefined;
  return g === 'all' ? s.buttons : s.buttons.filter((b) => g.includes(b.action));
}
