import { matIntForm } from '@civdesk/resources';
import { badRequest } from '../../core/envelope.ts';
import { sqlOf } from '../../core/table-sql.ts';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { registerFormRoutes } from './mat-int-form.routes.ts';

const forms = sqlOf(matIntForm, 'f');

export const matIntFormHooks: ResourceHooks = {
  // Runs in the removal's transaction: a throw leaves every row as it was.
  async afterRemove({ db, ids }) {
    const published = await db.query<{ name: string }>(
      `select ${forms.c.formName} as "name" from ${forms.table} where f."id" = any($1::bigint[]) and ${forms.c.publishStatus} = 1`,
      [ids],
    );
    if (published.length) throw badRequest(`表单「${published[0].name}」已发布，请先取消发布再删除`);
  },
  routes: registerFormRoutes,
};
