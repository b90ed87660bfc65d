import { matWfElementMethod, matWfLocalButton } from '@civdesk/resources';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { findOne } from '../../crud/repository.ts';
import { elementButtonRoutes } from './mat-wf-element-button.routes.ts';

export const matWfElementButtonHooks: ResourceHooks = {
  /** Name and type follow the library button, the hook's name its method; the key defaults to the button's value. */
  async beforeWrite({ db, scope, existing }, values) {
    const buttonId = String(values.localButtonId ?? existing?.localButtonId ?? '');
    const button = await findOne(db, matWfLocalButton, scope, { id: buttonId });
    values.localButtonName = button?.localButtonName ?? null;
    values.localButtonType = button?.localButtonType ?? null;
    if (!values.buttonId && !existing?.buttonId) values.buttonId = button?.localButtonValue ?? null;
    const methodId = values.triggerMethod !== undefined ? values.triggerMethod : existing?.triggerMethod;
    const method = methodId ? await findOne(db, matWfElementMethod, scope, { id: String(methodId) }) : null;
    values.methodName = method?.methodName ?? null;
  },
  routes: elementButtonRoutes,
};
