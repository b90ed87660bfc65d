import { useLang } from '../../i18n/index.ts';
import { ancestorsOf, flatten, type MenuItem } from '../menu-model.ts';
import { labelOf, useShell } from './shell-context.tsx';

/** The page's place in the menu (系统管理 / 岗位管理) above its title. */
export function PageHead({ title, active }: { title: string; active?: MenuItem }) {
  const { allItems } = useShell();
  const lang = useLang();
  const all = flatten(allItems);
  const trail = active ? (ancestorsOf(allItems, active.id) ?? []).flatMap((id) => all.filter((i) => i.id === id)) : [];
  return (
    <div className="shell-page-head">
      {trail.length > 0 && (
        <nav className="shell-breadcrumb" aria-label="breadcrumb" data-testid="breadcrumb">
          <ol>
            {trail.map((i) => (
              <li key={i.id}>{labelOf(i, lang)}</li>
            ))}
            <li aria-current="page">{title}</li>
          </ol>
        </nav>
      )}
      <h1 className="shell-title" data-testid="page-title">
        {title}
      </h1>
    </div>
  );
}
